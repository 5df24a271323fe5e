import { sql } from 'kysely';
import type { TestApp } from './test-app.js';

/** A row of a table of counts kept by triggers, or of the same counted afresh. */
type CountRow = { total: number };

/**
 * The rows with `total` as a number (PostgreSQL's count is a bigint string), sorted by their key columns,
 * so that the kept counts and the counts made afresh compare equal whatever order the database read them in.
 */
export function orderCountRows<Row extends CountRow>(rows: Row[], keys: readonly (keyof Row)[]): Row[] {
  const keyOf = (row: Row) => keys.map((key) => String(row[key])).join('|');
  return rows
    .map((row) => ({ ...row, total: Number(row.total) }))
    .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
}

/** The key columns and `total` of every row of a kept-count table, as `orderCountRows` gives them. */
export async function readKeptCounts<Row extends CountRow>(
  t: Pick<TestApp, 'context'>,
  table: string,
  keys: readonly (keyof Row & string)[],
): Promise<Row[]> {
  const columns = sql.join([...keys, 'total'].map((column) => sql.ref(column)));
  const { rows } = await sql<Row>`select ${columns} from ${sql.table(table)}`.execute(t.context.db);
  return orderCountRows(rows, keys);
}
