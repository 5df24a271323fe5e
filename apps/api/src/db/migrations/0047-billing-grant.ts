import { defineMigration } from '../migration-helpers.js';

/**
 * Billing (issue 23): the per-person permission to bill. A firm's MPC bills; a PC or executor sees and
 * bills the firm's clients only when the MPC grants it (1), off (0) for everyone until then.
 */
export const billingGrantMigration = defineMigration(async (db) => {
  await db.schema
    .alterTable('users')
    .addColumn('billing_granted', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
});
