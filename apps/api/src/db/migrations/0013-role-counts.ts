import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { createRowCountTriggers } from './count-tables.js';
import { required } from './table-parts.js';

// The existing row's total plus one, written the way both dialects read it inside an upsert.
const ADD_ONE = sql`insert into user_role_counts (role_id, total) values (new.role_id, 1)
  on conflict (role_id) do update set total = user_role_counts.total + 1`;
const TAKE_ONE = sql`update user_role_counts set total = total - 1 where role_id = old.role_id`;

/**
 * The admin's dashboard counts every user of the platform per role. A covering index already served that
 * count, yet it reads one index entry per user (about 120-180 ms at a million users, on every load). This
 * table keeps the counts instead, changed by triggers on every insert, delete or change of role, so no
 * write path (the portal's, a script's, a hand-run statement) can leave them behind.
 * docs/decisions/0014-hot-path-costs.md
 */
export const createRoleCountsMigration = defineMigration(async (db, { dialect }) => {
  await db.schema
    .createTable('user_role_counts')
    .addColumn('role_id', 'integer', (column) => column.primaryKey())
    .addColumn('total', 'integer', required)
    .execute();
  await sql`insert into user_role_counts (role_id, total)
        select role_id, count(*) from users group by role_id`.execute(db);
  await createRowCountTriggers(db, dialect, {
    name: 'users_role_count',
    table: 'users',
    addNew: ADD_ONE,
    takeOld: TAKE_ONE,
    updateOf: 'role_id',
    sqliteWhen: 'old.role_id <> new.role_id',
    postgresWhen: 'old.role_id is distinct from new.role_id',
  });
});
