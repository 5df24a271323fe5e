import type { SelectQueryBuilder } from 'kysely';

/**
 * How many rows a query's tables and conditions find: `select count(*)` of it, as a number on both
 * dialects (PostgreSQL answers a count as `int8`). The one shape of every plain count.
 */
export async function countRows<QDB, TB extends keyof QDB>(
  query: SelectQueryBuilder<QDB, TB, object>,
): Promise<number> {
  const counted = query.select((eb) => eb.fn.countAll<number | string>().as('total'));
  // Kysely cannot name a selection of a query generic in its tables; the one selected here is `total`.
  const row = (await counted.executeTakeFirstOrThrow()) as { total: number | string };
  return Number(row.total);
}
