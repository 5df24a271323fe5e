import { defineMigration } from '../migration-helpers.js';

/**
 * Billing (issue 23), after a review: whether a firm is of advocates (its legal services to a business are
 * billed under reverse charge, notification 13/2017-Central Tax (Rate), entry 2; off for every profile so
 * far), and an invoice's version, raised by every change, so that a change read before another lands loses.
 */
export const billingRefinementsMigration = defineMigration(async (db) => {
  await db.schema
    .alterTable('billing_profiles')
    .addColumn('advocates', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
});
