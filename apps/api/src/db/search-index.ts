import { sql } from 'kysely';

/**
 * The trigram search indexes of migration 0063 (docs/decisions/0048-search-indexes.md). On SQLite a
 * row's key in `users_search` and `work_items_search` is `firm * 2^32 + id`, so one firm's rows are one
 * rowid range that FTS5 seeks.
 */
export const FIRM_ROWID_SPAN = 4_294_967_296;

/** Trigrams need three characters; a shorter term cannot be looked up in them (see the decision). */
export const MIN_INDEXED_TERM = 3;

/** A term as an FTS5 phrase: with the trigram tokenizer, a phrase matches wherever it is a substring. */
export function quotePhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A query of one firm's rows: its own token (the leading `firm` column, migration 0070) and the term. FTS5
 * moves each trigram's list to the token's entries; a rowid range alone it reads from the platform's start.
 */
export function matchInFirm(match: string, firmId: number | null): string {
  return `firm : "~${firmId ?? 0}~" AND (${match})`;
}

/**
 * The ids of a trigram table's rows matching `match`, within one firm (null: users of no firm, the
 * admin's; undefined: every firm, for the platform's lists).
 */
export function matchingIds(
  table: 'users_search' | 'work_items_search' | 'files_search',
  match: string,
  firmId?: number | null,
) {
  const inFirm = firmId === undefined ? match : matchInFirm(match, firmId);
  const ids = sql`select rowid % ${sql.lit(FIRM_ROWID_SPAN)} as id from ${sql.table(table)} where ${sql.table(table)} match ${inFirm}`;
  if (firmId === undefined) return ids;
  const start = (firmId ?? 0) * FIRM_ROWID_SPAN;
  return sql`${ids} and rowid >= ${start} and rowid < ${start + FIRM_ROWID_SPAN}`;
}
