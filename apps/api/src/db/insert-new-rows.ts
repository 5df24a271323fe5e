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

/** The tables whose rows have an `id`. */
type TableWithId = { [T in keyof DB & string]: DB[T] extends { id: unknown } ? T : never }[keyof DB & string];

/** Inserts one row and answers its new id: the one shape of every plain insert of a table with an `id`. */
export async function insertRow<T extends TableWithId>(
  db: Kysely<DB>,
  table: T,
  row: Insertable<DB[T]>,
): Promise<number> {
  const inserted = await db.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Inserts one row unless the table holds its unique key (`uniqueColumns`) already: the insert is the
 * claim, so of two at once exactly one makes it. Answers the new row's id, or undefined when it was there.
 */
export async function insertRowOnce<T extends TableWithId>(
  db: Kysely<DB>,
  table: T,
  row: Insertable<DB[T]>,
  uniqueColumns: (keyof DB[T] & string)[],
): Promise<number | undefined> {
  const inserted = await db
    .insertInto(table)
    .values(row)
    .onConflict((conflict) => conflict.columns(uniqueColumns).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}
