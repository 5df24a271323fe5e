import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.js';
import { StatementCachingDatabase } from './statement-cache.js';

type NotesDb = { notes: { id: Generated<number>; body: string } };

describe('SQLite statements prepared once (the connection Kysely uses)', () => {
  let dataDir: string;
  let database: Database;
  // A table of its own: the test is about the connection, not the portal's schema.
  let db: Kysely<NotesDb>;
  const prepared = () => database.statements?.().prepared ?? Number.NaN;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-statements-'));
    database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') });
    db = database.db as unknown as Kysely<NotesDb>;
    await sql`create table notes (id integer primary key autoincrement, body text not null)`.execute(db);
  });
  afterEach(async () => {
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prepares the same SQL once however often and with whatever values it runs', async () => {
    await db.insertInto('notes').values({ body: 'first' }).execute();
    const before = prepared();
    const bodies: string[] = [];
    for (const id of [1, 2, 1, 1, 2]) {
      const row = await db.selectFrom('notes').select('body').where('id', '=', id).executeTakeFirst();
      bodies.push(row?.body ?? 'none');
    }
    expect(bodies).toEqual(['first', 'none', 'first', 'first', 'none']);
    expect(prepared() - before).toBe(1);
  });

  it('runs writes through cached statements: the rows changed, inserted ids and returning rows are right', async () => {
    const inserted: number[] = [];
    for (const body of ['a', 'b', 'c']) {
      const result = await db.insertInto('notes').values({ body }).executeTakeFirstOrThrow();
      inserted.push(Number(result.insertId));
    }
    const returned = await db.insertInto('notes').values({ body: 'd' }).returning(['id', 'body']).execute();
    const again = await db.insertInto('notes').values({ body: 'e' }).returning(['id', 'body']).execute();
    const updated = await db.updateTable('notes').set({ body: 'z' }).where('id', '<=', 2).executeTakeFirstOrThrow();
    const updatedAgain = await db
      .updateTable('notes')
      .set({ body: 'y' })
      .where('id', '<=', 1)
      .executeTakeFirstOrThrow();
    expect(inserted).toEqual([1, 2, 3]);
    expect(returned).toEqual([{ id: 4, body: 'd' }]);
    expect(again).toEqual([{ id: 5, body: 'e' }]);
    expect([updated.numUpdatedRows, updatedAgain.numUpdatedRows]).toEqual([2n, 1n]);
    expect(await db.selectFrom('notes').select('body').orderBy('id').execute()).toEqual(
      ['y', 'z', 'c', 'd', 'e'].map((body) => ({ body })),
    );
  });

  it('keeps transactions whole: a commit keeps and a rollback undoes writes made with cached statements', async () => {
    const write = (body: string) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ body }).execute();
        if (body.startsWith('fail')) throw new Error('rolled back');
      });
    await write('kept 1');
    await expect(write('fail 1')).rejects.toThrow('rolled back');
    const before = prepared();
    await write('kept 2');
    await expect(write('fail 2')).rejects.toThrow('rolled back');
    expect(prepared()).toBe(before);
    expect(await db.selectFrom('notes').select('body').orderBy('id').execute()).toEqual([
      { body: 'kept 1' },
      { body: 'kept 2' },
    ]);
  });

  it('streams with cached statements, also after a stream that was left early', async () => {
    await db
      .insertInto('notes')
      .values(['a', 'b', 'c'].map((body) => ({ body })))
      .execute();
    const query = () => db.selectFrom('notes').select('body').orderBy('id');
    const firstOnly: string[] = [];
    for await (const row of query().stream()) {
      firstOnly.push(row.body);
      break;
    }
    const before = prepared();
    const whole: string[] = [];
    for await (const row of query().stream()) whole.push(row.body);
    expect(firstOnly).toEqual(['a']);
    expect(whole).toEqual(['a', 'b', 'c']);
    expect(await query().execute()).toEqual(whole.map((body) => ({ body })));
    expect(prepared()).toBe(before);
  });

  it('sees a column added after the statement was cached', async () => {
    const read = () => sql<Record<string, unknown>>`select * from notes`.execute(db);
    await db.insertInto('notes').values({ body: 'a' }).execute();
    expect((await read()).rows).toEqual([{ id: 1, body: 'a' }]);
    await sql`alter table notes add column extra text not null default 'x'`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, body: 'a', extra: 'x' }]);
  });

  it('caches nothing for SQL that does not prepare, and answers its error', async () => {
    const before = database.statements?.();
    await expect(sql`selec nothing`.execute(db)).rejects.toThrow(/syntax error/);
    expect(database.statements?.()).toEqual(before);
  });
});

describe('the statement cache bound', () => {
  it('keeps at most its limit, dropping the least recently used statement', () => {
    const connection = new SQLite(':memory:');
    const cache = new StatementCachingDatabase(connection, 3);
    const text = (n: number) => `select ${n} as n`;
    const first = cache.prepare(text(1));
    cache.prepare(text(2));
    cache.prepare(text(3));
    // 1 is used again, so 2 is now the oldest and goes when 4 comes.
    expect(cache.prepare(text(1))).toBe(first);
    cache.prepare(text(4));
    expect(cache.stats).toEqual({ prepared: 4, cached: 3 });
    expect(cache.prepare(text(1))).toBe(first);
    expect(cache.prepare(text(3)).get()).toEqual({ n: 3 });
    expect(cache.stats.prepared).toBe(4);
    cache.prepare(text(2));
    expect(cache.stats).toEqual({ prepared: 5, cached: 3 });
    cache.close();
    expect(connection.open).toBe(false);
  });

  it('gives SQL whose cached statement is still iterating a statement of its own', () => {
    const connection = new SQLite(':memory:');
    const cache = new StatementCachingDatabase(connection);
    const text = 'select value from json_each(?)';
    const seen: string[] = [];
    for (const row of cache.prepare(text).iterate('[1, 2]') as Iterable<{ value: number }>) {
      const inner = cache.prepare(text).all('[3, 4]') as { value: number }[];
      seen.push(`${row.value}:${inner.map((entry) => entry.value).join(',')}`);
    }
    expect(seen).toEqual(['1:3,4', '2:3,4']);
    // The busy one stayed cached; the two made meanwhile were not kept.
    expect(cache.stats).toEqual({ prepared: 3, cached: 1 });
    expect(cache.prepare(text).all('[5]')).toEqual([{ value: 5 }]);
    expect(cache.stats.prepared).toBe(3);
    cache.close();
  });
});
