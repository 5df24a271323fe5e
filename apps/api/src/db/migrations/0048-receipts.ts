import { defineMigration } from '../migration-helpers.js';
import {
  actedOnBy,
  addCreator,
  addCreatorAndTimestamps,
  addFirmAndBilledClient,
  createIndexes,
  createUniqueIndexes,
  partOf,
  required,
} from './table-parts.js';

const settledColumns = ['paid_paise', 'tds_paise', 'credited_paise'] as const;

/**
 * Receipts, credit notes and what an invoice has been settled by (issue 23, docs/billing.md): each invoice
 * keeps its paid, TDS and credited sums beside its total (changed in the same statement that checks the
 * balance, so two receipts at once never overpay it); a credit note is an invoice row of kind
 * `credit_note` naming the invoice it reduces (`credit_of`); a receipt is the firm's, numbered in its own
 * series, and each allocation settles part of one invoice (a negative one gives back an over-credit).
 */
export const receiptsMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  for (const column of settledColumns)
    await db.schema
      .alterTable('invoices')
      .addColumn(column, 'bigint', (definition) => definition.notNull().defaultTo(0))
      .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('credit_of', 'integer', (column) => column.references('invoices.id'))
    .execute();
  await db.schema.alterTable('invoices').addColumn('credit_reason', 'varchar(300)').execute();
  await createIndexes(db, 'invoices', {
    invoices_credit_of_index: ['credit_of', 'id'],
    // The firm's open invoices by due date: the ageing report.
    invoices_ageing_index: ['firm_id', 'status', 'due_date'],
  });
  await createTableWithId('receipts')
    .$call(addFirmAndBilledClient)
    .addColumn('number', 'varchar(16)', required)
    .addColumn('financial_year', 'varchar(7)', required)
    .addColumn('serial', 'integer', required)
    .addColumn('receipt_date', 'varchar(10)', required)
    .addColumn('amount_paise', 'bigint', required)
    .addColumn('tds_paise', 'bigint', required)
    .addColumn('allocated_paise', 'bigint', required)
    .addColumn('mode', 'varchar(8)', required)
    .addColumn('reference', 'varchar(40)')
    .addColumn('notes', 'varchar(500)')
    .addColumn('status', 'varchar(12)', required)
    .addColumn('cancel_reason', 'varchar(300)')
    .addColumn('cancelled_by', 'integer', actedOnBy)
    .$call(addCreatorAndTimestamps(timestamp))
    .execute();
  await createUniqueIndexes(db, 'receipts', { receipts_series_unique: ['firm_id', 'financial_year', 'serial'] });
  await createIndexes(db, 'receipts', {
    receipts_firm_index: ['firm_id', 'id'],
    receipts_client_index: ['client_id', 'id'],
  });
  await createTableWithId('receipt_allocations')
    .addColumn('receipt_id', 'integer', partOf('receipts'))
    .addColumn('invoice_id', 'integer', (column) => column.notNull().references('invoices.id'))
    .addColumn('amount_paise', 'bigint', required)
    .addColumn('tds_paise', 'bigint', required)
    .addColumn('credit_note_id', 'integer', (column) => column.references('invoices.id'))
    .$call(addCreator(timestamp))
    .execute();
  await createIndexes(db, 'receipt_allocations', {
    receipt_allocations_receipt_index: ['receipt_id', 'id'],
    receipt_allocations_invoice_index: ['invoice_id', 'id'],
  });
});
