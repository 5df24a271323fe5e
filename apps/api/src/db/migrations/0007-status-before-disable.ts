import { defineMigration } from '../migration-helpers.js';

/** What a disable replaced (`active` or `created`), so enabling restores it with no search through the audit log. */
export const createStatusBeforeDisableMigration = defineMigration(async (db) => {
  await db.schema.alterTable('users').addColumn('status_before_disable', 'varchar(20)').execute();
});
