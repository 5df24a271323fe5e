import { type Kysely, type RawBuilder, sql } from 'kysely';

// The search indexes' set-up (0063, 0065, 0069, 0070), as the shipped migrations wrote it: never change
// what these write (docs/decisions/0003); test/schema-snapshot.test.ts fails on any change.

/**
 * PostgreSQL: the extensions (pg_trgm, btree_gin) in `public`, where the tests' schemas all see them. Test
 * runs migrate several schemas of one database at once: one creates them, the others wait.
 */
export async function createPublicExtensions(db: Kysely<unknown>, names: string[]): Promise<void> {
  await sql`select pg_advisory_xact_lock(7441063)`.execute(db);
  for (const name of names) await sql`create extension if not exists ${sql.raw(name)} with schema public`.execute(db);
}

/**
 * A contentless FTS5 trigram table `name (columns)`, whose rows can be deleted (`contentless_delete`) and
 * whose removed rows' trigrams leave the index at once (`secure-delete`).
 */
export async function createTrigramTable(db: Kysely<unknown>, name: string, columns: string): Promise<void> {
  await sql`create virtual table ${sql.raw(name)} using fts5(${sql.raw(columns)},
      tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(db);
  await sql`insert into ${sql.raw(name)} (${sql.raw(name)}, rank) values ('secure-delete', 1)`.execute(db);
}

/** The search table `search` that follows the rows of `table`. */
export interface FollowedTable {
  search: string;
  table: string;
  /** The columns whose change rewrites a row's entry. */
  updateOf: string;
  /** The rowid of a row's entry before the change. */
  oldRow: RawBuilder<unknown>;
}

/**
 * `<search>_insert`, `_update` and `_delete` on `table`: each write of a row rewrites its entry, `insertNew`
 * being the statement writing a row's entry after the change.
 */
export async function createSearchTriggers(
  db: Kysely<unknown>,
  { search, table, updateOf, oldRow }: FollowedTable,
  insertNew: RawBuilder<unknown>,
): Promise<void> {
  await sql`create trigger ${sql.raw(`${search}_insert`)} after insert on ${sql.raw(table)} begin
      ${insertNew};
      end`.execute(db);
  await sql`create trigger ${sql.raw(`${search}_update`)} after update of ${sql.raw(updateOf)} on ${sql.raw(table)} begin
      delete from ${sql.raw(search)} where rowid = ${oldRow};
      ${insertNew};
      end`.execute(db);
  await sql`create trigger ${sql.raw(`${search}_delete`)} after delete on ${sql.raw(table)} begin
      delete from ${sql.raw(search)} where rowid = ${oldRow};
      end`.execute(db);
}
