import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from './schema.js';

/** Whether a table holds a row with these column values: the one shape of every yes/no lookup by key (an opt-out, a client's service). */
export async function hasRowWith<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  match: Partial<Record<keyof DB[T] & string, string | number>>,
): Promise<boolean> {
  const conditions = Object.entries(match).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const result = await sql`select 1 from ${sql.table(table)} where ${sql.join(conditions, sql` and `)} limit 1`.execute(
    db,
  );
  return result.rows.length > 0;
}

/** Whether a query's tables and conditions find any row: the yes/no lookup whose condition is more than equal keys. */
export async function hasAnyRow<QDB, TB extends keyof QDB>(
  query: SelectQueryBuilder<QDB, TB, object>,
): Promise<boolean> {
  const found = await query.select(sql<number>`1`.as('found')).limit(1).executeTakeFirst();
  return found !== undefined;
}

/** Deletes the rows of a table with these column values (a row only if it is its owner's, all of a user's): how many went. */
export async function deleteRowsWith<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  match: Partial<Record<keyof DB[T] & string, string | number>>,
): Promise<number> {
  // Every table has the columns its own type names; Kysely cannot check them for a table given as a parameter.
  let query = db.deleteFrom(table as 'user_links');
  for (const [column, value] of Object.entries(match)) query = query.where(sql.ref(column), '=', value);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
