import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { FIRM_ROWID_SPAN } from '../search-index.js';
import {
  createPublicExtensions,
  createSearchTriggers,
  createTrigramTable,
  type FollowedTable,
} from './search-tables.js';

/**
 * The search box of the people lists and of work (issue 26, docs/decisions/0048-search-indexes.md)
 * through trigram indexes instead of `like '%…%'` over the firm's every row.
 *
 * SQLite: FTS5 tables with the `trigram` tokenizer, kept by triggers (no write path can leave them
 * behind). Contentless (only the index, no second copy of the text), with `contentless_delete` so a row
 * can be removed, and `secure-delete` so a removed row's trigrams leave the index at once (an erased
 * client's name must not linger in old segments until a merge). The rowid is `firm * 2^32 + id`: a
 * firm's rows are one rowid range, which FTS5 seeks, so a search reads the firm's matches and never
 * another firm's.
 *
 * PostgreSQL: a `pg_trgm` GIN index on the very expressions the people search compares (the planner
 * matches them), kept by the database itself. Work has none: its search is a title LIKE or'ed with the
 * client's name, which the planner cannot answer from a title index, so it stays the firm's index-only
 * scan of 0024. The extension lives in `public` (tests use a schema each), so
 * the operator class is named with it.
 */
// The entries' keys, values and triggers, which 0070 keeps when it makes both tables again.
export const USER_ROW = (row: 'new' | 'old') => sql.raw(`coalesce(${row}.firm_id, 0) * ${FIRM_ROWID_SPAN} + ${row}.id`);
export const USER_VALUES = sql.raw(
  `new.first_name || ' ' || new.last_name, new.email, new.username, new.pan_number, new.gst_number, new.mobile_number`,
);
export const WORK_ROW = (row: 'new' | 'old') => sql.raw(`${row}.firm_id * ${FIRM_ROWID_SPAN} + ${row}.id`);
export const USERS_FOLLOWED: FollowedTable = {
  search: 'users_search',
  table: 'users',
  updateOf: `firm_id, first_name, last_name, email, username,
      pan_number, gst_number, mobile_number`,
  oldRow: USER_ROW('old'),
};
export const WORK_ITEMS_FOLLOWED: FollowedTable = {
  search: 'work_items_search',
  table: 'work_items',
  updateOf: 'firm_id, title',
  oldRow: WORK_ROW('old'),
};

export const searchIndexesMigration = defineMigration(async (db, { dialect }) => {
  if (dialect === 'postgres') {
    await createPublicExtensions(db, ['pg_trgm']);
    await sql`create index users_search_index on users using gin (
        lower(first_name || ' ' || last_name) public.gin_trgm_ops, lower(email) public.gin_trgm_ops,
        lower(username) public.gin_trgm_ops, pan_number public.gin_trgm_ops, gst_number public.gin_trgm_ops,
        mobile_number public.gin_trgm_ops)`.execute(db);
    return;
  }
  await createTrigramTable(db, 'users_search', 'name, email, username, pan, gstin, mobile');
  await sql`insert into users_search (rowid, name, email, username, pan, gstin, mobile)
      select coalesce(firm_id, 0) * ${sql.lit(FIRM_ROWID_SPAN)} + id, first_name || ' ' || last_name, email, username,
        pan_number, gst_number, mobile_number from users`.execute(db);
  await createSearchTriggers(
    db,
    USERS_FOLLOWED,
    sql`insert into users_search (rowid, name, email, username, pan, gstin, mobile) values (${USER_ROW('new')}, ${USER_VALUES})`,
  );

  await createTrigramTable(db, 'work_items_search', 'title');
  await sql`insert into work_items_search (rowid, title)
      select firm_id * ${sql.lit(FIRM_ROWID_SPAN)} + id, title from work_items`.execute(db);
  await createSearchTriggers(
    db,
    WORK_ITEMS_FOLLOWED,
    sql`insert into work_items_search (rowid, title) values (${WORK_ROW('new')}, new.title)`,
  );
});
