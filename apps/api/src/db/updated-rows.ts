import type { UpdateResult } from 'kysely';

/** Runs an UPDATE and answers how many rows it changed, as a number on both dialects (Kysely counts in a bigint). */
export async function countUpdatedRows(query: { executeTakeFirst(): Promise<UpdateResult> }): Promise<number> {
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Runs a conditional UPDATE and answers whether it changed a row: the one shape of every "only if still so" write. */
export async function updatesAnyRow(query: { executeTakeFirst(): Promise<UpdateResult> }): Promise<boolean> {
  return (await countUpdatedRows(query)) > 0;
}
