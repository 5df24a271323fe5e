import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * The client statuses and their sub-form templates are the contract's `CLIENT_STATUSES`, which the form
 * and the server both read; the copy this table held was read by nothing and had gone stale (issue 9
 * gave the six template-less statuses their identifier forms).
 */
export function createDropClientStatusesMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('client_statuses').execute();
    },
  };
}
