import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';

/**
 * A cancelled invoice keeps which work it billed (issue 23): its links are released (`released_at`)
 * rather than deleted, and a work item is billed once among the links still held (a partial unique index).
 */
export const billedWorkHistoryMigration = defineMigration(async (db, { timestamp }) => {
  await db.schema.alterTable('invoice_billed_work').addColumn('released_at', timestamp).execute();
  await db.schema.dropIndex('invoice_billed_work_item_unique').execute();
  await db.schema
    .createIndex('invoice_billed_work_held_unique')
    .on('invoice_billed_work')
    .column('work_item_id')
    .unique()
    .where(sql.ref('released_at'), 'is', null)
    .execute();
});
