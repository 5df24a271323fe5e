import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';

/**
 * A search of a firm's work (`GET /api/work?q=`) matches titles and client names with `like '%…%'`,
 * which no index can seek, so the firm's items are all read. A firm's items lie scattered through the
 * table (they are planned period by period for every firm at once), so on PostgreSQL reading them
 * through `work_items_firm_due_index` costs a random page each, and the planner preferred scanning the
 * whole table. With the title and client in the index, the firm's items are read from the index alone
 * (an index-only scan), in due-date order. SQLite reads the firm's range through its index already; it
 * has no INCLUDE, so this is PostgreSQL's only. docs/performance.md
 */
export const createWorkSearchIndexMigration = defineMigration(async (db, { dialect }) => {
  if (dialect !== 'postgres') return;
  await sql`create index work_items_firm_search_index on work_items (firm_id, due_date, id)
        include (title, client_id)`.execute(db);
});
