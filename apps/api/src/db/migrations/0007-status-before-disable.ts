import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/** What a disable replaced (`active` or `created`), so enabling restores it with no search through the audit log. */
export function createStatusBeforeDisableMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('status_before_disable', 'varchar(20)').execute();
    },
  };
}
