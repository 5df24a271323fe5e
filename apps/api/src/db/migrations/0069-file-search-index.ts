import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { FIRM_ROWID_SPAN } from '../search-index.js';
import { createPublicExtensions, createSearchTriggers, createTrigramTable } from './search-tables.js';

/**
 * Files searched by name through a trigram index (issue 26, docs/decisions/0057-file-search.md).
 *
 * SQLite: `files_search (name)`, FTS5 trigram, contentless with `contentless_delete` and `secure-delete`
 * like `users_search` (0063). The rowid is `firm * 2^32 + id`, the firm being the file's client's
 * (`files` has no firm of its own), so a firm's files are one rowid range. Kept by triggers on `files`
 * (insert, rename, delete; a trashed file stays indexed, the search reads `deleted_at`) and on a client
 * moving firm (its files move range). Filled from the existing rows.
 *
 * PostgreSQL: a GIN index `(client_id, lower(file_name))` (`btree_gin`, as 0065): one client's matches are
 * one lookup; a firm-wide search reads the term's matches and keeps the firm's (see the decision).
 */
const FILE_FIRM = (row: 'new' | 'old') => `coalesce((select firm_id from users where id = ${row}.client_id), 0)`;
const FILE_ROW = (row: 'new' | 'old') => sql.raw(`${FILE_FIRM(row)} * ${FIRM_ROWID_SPAN} + ${row}.id`);
// The firm's own token, which a search asks for with its term (migration 0070 explains why).
const FILE_TOKEN = (row: 'new' | 'old') => sql.raw(`'~' || ${FILE_FIRM(row)} || '~'`);

export const fileSearchIndexMigration = defineMigration(async (db, { dialect }) => {
  if (dialect === 'postgres') {
    await createPublicExtensions(db, ['pg_trgm', 'btree_gin']);
    await sql`create index files_name_search_index on files using gin (client_id,
        lower(file_name) public.gin_trgm_ops)`.execute(db);
    return;
  }
  await createTrigramTable(db, 'files_search', 'firm, name');
  await sql`insert into files_search (rowid, firm, name)
      select coalesce(owner.firm_id, 0) * ${sql.lit(FIRM_ROWID_SPAN)} + files.id,
        '~' || coalesce(owner.firm_id, 0) || '~', files.file_name
      from files join users owner on owner.id = files.client_id`.execute(db);
  await createSearchTriggers(
    db,
    { search: 'files_search', table: 'files', updateOf: 'client_id, file_name', oldRow: FILE_ROW('old') },
    sql`insert into files_search (rowid, firm, name) values (${FILE_ROW('new')}, ${FILE_TOKEN('new')}, new.file_name)`,
  );
  // A client's row removed takes its files with it (a cascade), after which the files' own trigger could no
  // longer read the firm of their key: their entries go first, so no name outlives its file in the index.
  await sql`create trigger files_search_client_delete before delete on users begin
      delete from files_search where rowid in (
        select coalesce(old.firm_id, 0) * ${sql.lit(FIRM_ROWID_SPAN)} + id from files where client_id = old.id);
      end`.execute(db);
  // A client's files are keyed by its firm: should it move, they move with it.
  await sql`create trigger files_search_client_firm after update of firm_id on users
      when coalesce(old.firm_id, 0) <> coalesce(new.firm_id, 0) begin
      delete from files_search where rowid in (
        select coalesce(old.firm_id, 0) * ${sql.lit(FIRM_ROWID_SPAN)} + id from files where client_id = new.id);
      insert into files_search (rowid, firm, name)
        select coalesce(new.firm_id, 0) * ${sql.lit(FIRM_ROWID_SPAN)} + id, '~' || coalesce(new.firm_id, 0) || '~',
          file_name from files where client_id = new.id;
      end`.execute(db);
});
