import { defineMigration } from '../migration-helpers.js';
import {
  actedOnBy,
  addCreatorAndTimestamps,
  addFirmAndBilledClient,
  addTaxSplit,
  createIndexes,
  createUniqueIndexes,
  partOf,
  required,
} from './table-parts.js';

/**
 * Invoices (issue 23, docs/billing.md): a firm's drafts and issued invoices, their lines and the work
 * items each line bills (a work item once: a unique index), and each series' last serial per financial
 * year, taken at issue inside the issuing transaction so that numbers neither repeat nor skip.
 */
export const invoicesMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('invoices')
    .$call(addFirmAndBilledClient)
    .addColumn('kind', 'varchar(12)', required)
    .addColumn('status', 'varchar(12)', required)
    .addColumn('number', 'varchar(16)')
    .addColumn('financial_year', 'varchar(7)')
    .addColumn('serial', 'integer')
    .addColumn('invoice_date', 'varchar(10)', required)
    .addColumn('due_date', 'varchar(10)', required)
    .addColumn('supply_kind', 'varchar(16)', required)
    .addColumn('place_of_supply', 'varchar(60)')
    .addColumn('local_head', 'varchar(5)', required)
    .$call(addTaxSplit)
    .addColumn('round_off_paise', 'integer', required)
    .addColumn('total_paise', 'bigint', required)
    .addColumn('reverse_charge_paise', 'bigint', required)
    .addColumn('notes', 'varchar(500)')
    .addColumn('cancel_reason', 'varchar(300)')
    .addColumn('issued_by', 'integer', actedOnBy)
    .addColumn('issued_at', timestamp)
    .$call(addCreatorAndTimestamps(timestamp))
    .execute();
  await createUniqueIndexes(db, 'invoices', {
    invoices_series_unique: ['firm_id', 'kind', 'financial_year', 'serial'],
  });
  await createIndexes(db, 'invoices', {
    invoices_firm_index: ['firm_id', 'id'],
    invoices_client_index: ['client_id', 'id'],
  });
  await createTableWithId('invoice_lines')
    .addColumn('invoice_id', 'integer', partOf('invoices'))
    .addColumn('position', 'integer', required)
    .addColumn('description', 'varchar(300)', required)
    .addColumn('sac', 'varchar(6)', required)
    .addColumn('quantity', 'integer', required)
    .addColumn('rate_paise', 'bigint', required)
    .addColumn('discount_paise', 'bigint', required)
    .addColumn('gst_rate_bp', 'integer', required)
    .$call(addTaxSplit)
    .execute();
  await createIndexes(db, 'invoice_lines', { invoice_lines_invoice_index: ['invoice_id', 'position'] });
  await createTableWithId('invoice_billed_work')
    .addColumn('line_id', 'integer', partOf('invoice_lines'))
    .addColumn('invoice_id', 'integer', required)
    .addColumn('work_item_id', 'integer', (column) => column.notNull().references('work_items.id'))
    .execute();
  await createUniqueIndexes(db, 'invoice_billed_work', { invoice_billed_work_item_unique: ['work_item_id'] });
  await createIndexes(db, 'invoice_billed_work', { invoice_billed_work_invoice_index: ['invoice_id'] });
  await createTableWithId('invoice_series')
    .addColumn('firm_id', 'integer', required)
    .addColumn('kind', 'varchar(12)', required)
    .addColumn('financial_year', 'varchar(7)', required)
    .addColumn('last_serial', 'integer', required)
    .execute();
  await createUniqueIndexes(db, 'invoice_series', { invoice_series_unique: ['firm_id', 'kind', 'financial_year'] });
});
