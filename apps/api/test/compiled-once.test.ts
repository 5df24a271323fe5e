import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledForIds, compiledOnce } from '../src/db/compiled-once.js';
import { createTestDatabase, listTestDialects, type TestDatabase } from './support/test-database.js';

const findService = compiledOnce(2, (db, name: string, after: number) =>
  db
    .selectFrom('services')
    .select(['id', 'service_name'])
    .where('service_name', '=', name)
    .where('id', '>', after)
    .orderBy('id'),
);

const servicesByIds = compiledForIds((db, ids) =>
  db.selectFrom('services').select(['id', 'service_name']).where('id', 'in', ids).orderBy('id'),
);

describe.each(listTestDialects())('a query compiled once, on %s', (dialect) => {
  let test: TestDatabase;
  const ids = new Map<string, number>();
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const now = new Date().toISOString();
    for (const name of ['GST Filing', 'ITR Filing']) {
      const row = await test.database.db
        .insertInto('services')
        .values({ service_name: name, created_by: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(name, row.id);
    }
  });
  afterAll(async () => {
    await test.drop();
  });

  it('binds each call’s own arguments into the SQL compiled at the first', async () => {
    const db = test.database.db;
    expect(await findService(db, 'GST Filing', 0)).toEqual([{ id: ids.get('GST Filing'), service_name: 'GST Filing' }]);
    expect(await findService(db, 'ITR Filing', 0)).toEqual([{ id: ids.get('ITR Filing'), service_name: 'ITR Filing' }]);
    expect(await findService(db, 'GST Filing', ids.get('GST Filing') as number)).toEqual([]);
    expect(await findService(db, 'No such service', 0)).toEqual([]);
  });

  it('runs inside a transaction, seeing its uncommitted rows', async () => {
    const db = test.database.db;
    const seen = await db
      .transaction()
      .execute(async (trx) => {
        const now = new Date().toISOString();
        await trx
          .insertInto('services')
          .values({ service_name: 'TDS Returns', created_by: null, created_at: now, updated_at: now })
          .execute();
        const rows = await findService(trx, 'TDS Returns', 0);
        throw Object.assign(new Error('roll back'), { rows });
      })
      .catch((error: { rows: unknown[] }) => error.rows);
    expect(seen).toHaveLength(1);
    expect(await findService(db, 'TDS Returns', 0)).toEqual([]);
  });

  it('refuses a builder that did not pass an argument to the SQL as a value', async () => {
    const inlined = compiledOnce(1, (db, name: string) =>
      db
        .selectFrom('services')
        .select('id')
        .where('service_name', '=', sql.lit(String(name))),
    );
    await expect(inlined(test.database.db, 'GST Filing')).rejects.toThrow(/not a parameter/);
  });

  it('answers a list of ids of any length as the query built for it would, padding changing nothing', async () => {
    const db = test.database.db;
    const now = new Date().toISOString();
    const made: number[] = [];
    for (let index = 0; index < 300; index += 1)
      made.push(
        (
          await db
            .insertInto('services')
            .values({ service_name: `Listed ${index}`, created_by: null, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    expect(await servicesByIds(db, [])).toEqual([]);
    // 1, 3 (padded to 4), 10 (to 16), 300 (built as usual): each the rows of exactly those ids.
    for (const length of [1, 3, 10, 300]) {
      const ids = made.slice(0, length).reverse();
      const rows = await servicesByIds(db, ids);
      expect(rows.map((row) => row.id)).toEqual([...ids].sort((a, b) => a - b));
    }
    // The same length again with other ids: bound afresh, not the first call's.
    expect((await servicesByIds(db, made.slice(20, 23))).map((row) => row.id)).toEqual(made.slice(20, 23));
    expect((await servicesByIds(db, [made[5] as number, -1])).map((row) => row.id)).toEqual([made[5]]);
  });
});
