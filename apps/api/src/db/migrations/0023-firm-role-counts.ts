import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { createCountTable, createRowCountTriggers } from './count-tables.js';

// One firm's role gains a user (a row is created at its first) or loses one; users of no firm are not counted.
const ADD_NEW = sql`insert into firm_role_counts (firm_id, role_id, total)
  select new.firm_id, new.role_id, 1 where new.firm_id is not null
  on conflict (firm_id, role_id) do update set total = firm_role_counts.total + 1`;
const TAKE_OLD = sql`update firm_role_counts set total = total - 1
  where firm_id = old.firm_id and role_id = old.role_id`;

/**
 * A firm's client list shows its total on every page, and the MPC's dashboard counts each role of the
 * firm. Counted from `users`, that reads one index entry per user of the firm: nothing for a firm of a
 * thousand clients, tens of milliseconds on every page for a firm of a few hundred thousand. The counts
 * are kept per firm and role by triggers, as the platform's are (0013), so no write path can leave them
 * behind. docs/decisions/0014-hot-path-costs.md
 */
export const createFirmRoleCountsMigration = defineMigration(async (db, { dialect }) => {
  await createCountTable(db, 'firm_role_counts', { firm_id: 'integer', role_id: 'integer' });
  await sql`insert into firm_role_counts (firm_id, role_id, total)
        select firm_id, role_id, count(*) from users where firm_id is not null group by firm_id, role_id`.execute(db);
  await createRowCountTriggers(db, dialect, {
    name: 'users_firm_role_count',
    table: 'users',
    addNew: ADD_NEW,
    takeOld: TAKE_OLD,
    updateOf: 'role_id, firm_id',
    sqliteWhen: 'old.role_id <> new.role_id or old.firm_id is not new.firm_id',
    postgresWhen: 'old.role_id is distinct from new.role_id or old.firm_id is distinct from new.firm_id',
  });
});
