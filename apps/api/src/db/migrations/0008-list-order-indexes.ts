import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';

/**
 * The list orders of issue 9 (user-lists.repository.ts) read in index order: within one firm and role
 * (the firm's lists) and within one role (the admin's MPC list, whose MPCs are each their own firm).
 * Names sort case-insensitively, so those indexes hold lower(...) expressions; id breaks ties.
 */
export const createListOrderIndexesMigration = defineMigration(async (db) => {
  const indexes = {
    users_firm_role_created_index: sql`firm_id, role_id, created_at, id`,
    users_firm_role_name_index: sql`firm_id, role_id, lower(first_name), lower(last_name), id`,
    users_role_created_index: sql`role_id, created_at, id`,
    users_role_name_index: sql`role_id, lower(first_name), lower(last_name), id`,
  };
  for (const [name, columns] of Object.entries(indexes)) {
    await sql`create index ${sql.id(name)} on users (${columns})`.execute(db);
  }
});
