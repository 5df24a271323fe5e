import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { createIndexes } from './table-parts.js';

/**
 * A search of a firm's work counted from its matches, not from the firm's every item (issue 26,
 * docs/decisions/0053-work-search-by-matches.md).
 *
 * Both databases: `work_items_client_firm_index (client_id, firm_id, is_open, due_date, id)`, so the
 * items of the clients a term names are counted (and, when few, put in order) from the index alone,
 * with their firm and whether they are open, never reading an item's row.
 *
 * PostgreSQL: a trigram index of titles led by the firm (`btree_gin`, as `users_search_index` since
 * 0065), so the items a term names by title are looked up as `firm_id = ? and lower(title) like ?`.
 * SQLite's `work_items_search` (0063) already keys each firm's titles in one rowid range.
 */
export const workSearchIndexMigration = defineMigration(async (db, { dialect }) => {
  await createIndexes(db, 'work_items', {
    work_items_client_firm_index: ['client_id', 'firm_id', 'is_open', 'due_date', 'id'],
  });
  if (dialect !== 'postgres') return;
  await sql`create index work_items_title_search_index on work_items using gin (firm_id,
      lower(title) public.gin_trgm_ops)`.execute(db);
});
