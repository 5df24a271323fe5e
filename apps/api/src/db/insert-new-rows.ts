import type { Insertable, Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * Inserts the rows whose unique key (`uniqueColumns`) the table does not hold yet and skips the others
 * rather than failing, so a row any number of processes or runs may add exists once. Answers how many
 * were added.
 */
export async function insertNewRows<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
  uniqueColumns: (keyof DB[T] & string)[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto(table)
    .values(rows)
    .onConflict((conflict) => conflict.columns(uniqueColumns).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
