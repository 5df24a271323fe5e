import { defineMigration } from '../migration-helpers.js';
import { addUpdaterAndTimestamps, required } from './table-parts.js';

/**
 * A firm's billing profile (issue 23, docs/billing.md), one row per firm: the supplier on its invoices and
 * how clients pay. `bank_account` is a sealed value (`enc:v1:`), moved under a new key by key rotation.
 */
export const billingProfilesMigration = defineMigration(async (_db, { timestamp, createTableWithId }) => {
  await createTableWithId('billing_profiles')
    .addColumn('firm_id', 'integer', (column) => column.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('legal_name', 'varchar(150)', required)
    .addColumn('address', 'varchar(500)', required)
    .addColumn('state', 'varchar(60)', required)
    .addColumn('registration', 'varchar(15)', required)
    .addColumn('gstin', 'varchar(15)')
    .addColumn('pan', 'varchar(10)', required)
    .addColumn('e_invoicing', 'integer', required)
    .addColumn('invoice_prefix', 'varchar(5)', required)
    .addColumn('bank_name', 'varchar(100)')
    .addColumn('bank_account', 'text')
    .addColumn('ifsc', 'varchar(11)')
    .addColumn('upi_vpa', 'varchar(330)')
    .addColumn('upi_payee', 'varchar(100)')
    .addColumn('terms', 'varchar(1000)')
    .addColumn('signatory', 'varchar(100)', required)
    .$call(addUpdaterAndTimestamps(timestamp))
    .execute();
});
