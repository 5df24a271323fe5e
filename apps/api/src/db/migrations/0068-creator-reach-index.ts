import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';

/**
 * A PC's or an executor's count of its clients is read in parts (policy/user-reach.ts, issue 26): the part
 * it created is `firm_id = ? and role_id = ? and created_by = ?`. With `created_by` alone in its index,
 * SQLite's planner took `users_role_firm_index` for it (two equalities against one) and read the firm's
 * every client's row (20k in the probe firm) to find the few a PC created. Led by the creator, with the
 * firm and role beside it, the part is a short range of this index; lookups by the creator alone (and
 * SQLite's foreign key check of `created_by`) read its first column as they read the old index.
 */
export const creatorReachIndexMigration = defineMigration(async (db) => {
  await sql`create index users_creator_firm_role_index on users (created_by, firm_id, role_id)`.execute(db);
  await sql`drop index users_created_by_index`.execute(db);
});
