import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { createPublicExtensions } from './search-tables.js';

/**
 * PostgreSQL's trigram index of people (migration 0063) led by the firm (issue 26,
 * docs/decisions/0048-search-indexes.md). Without the firm in the index, a term was looked up across
 * every firm and the matches narrowed to the caller's afterwards. `btree_gin` lets a GIN index hold
 * `firm_id` beside the trigrams, so each arm of the search reads `firm_id = ? and <column> like ?` from
 * one index: the caller's firm's matches only. SQLite's FTS5 tables already key each firm's rows in one
 * range: nothing changes there.
 */
export const firmSearchIndexMigration = defineMigration(async (db, { dialect }) => {
  if (dialect !== 'postgres') return;
  await createPublicExtensions(db, ['btree_gin']);
  await sql`drop index users_search_index`.execute(db);
  await sql`create index users_search_index on users using gin (firm_id,
      lower(first_name || ' ' || last_name) public.gin_trgm_ops, lower(email) public.gin_trgm_ops,
      lower(username) public.gin_trgm_ops, pan_number public.gin_trgm_ops, gst_number public.gin_trgm_ops,
      mobile_number public.gin_trgm_ops)`.execute(db);
});
