import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Generated, type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.js';

type NotesDb = { notes: { id: Generated<number>; body: string } };

describe('SQLite statements hand the event loop back (db/event-loop-turns.ts)', () => {
  let dataDir: string;
  let database: Database;

  async function open(turnBudgetMs: number): Promise<Kysely<NotesDb>> {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-turns-'));
    database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite'), turnBudgetMs });
    const db = database.db as unknown as Kysely<NotesDb>;
    await sql`create table notes (id integer primary key autoincrement, body text not null)`.execute(db);
    return db;
  }

  afterEach(async () => {
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets a timer run in the middle of a long chain of statements, not only after it', async () => {
    const db = await open(5);
    let statements = 0;
    let ranAfter: number | undefined;
    setTimeout(() => {
      ranAfter = statements;
    }, 0);
    const started = performance.now();
    while (performance.now() - started < 100) {
      await db.insertInto('notes').values({ body: 'x' }).execute();
      statements += 1;
    }
    expect(ranAfter).toBeDefined();
    expect(ranAfter).toBeLessThan(statements);
  });

  it('runs a transaction across turns, and a read started meanwhile sees it only once committed', async () => {
    const db = await open(1);
    let readDuring: number | undefined;
    let readStartedAfter: number | undefined;
    let count = 0;
    const writes = db.transaction().execute(async (trx) => {
      const started = performance.now();
      setTimeout(async () => {
        readStartedAfter = count;
        const row = await db.selectFrom('notes').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
        readDuring = row.n;
      }, 0);
      while (performance.now() - started < 30) {
        await trx.insertInto('notes').values({ body: 'y' }).execute();
        count += 1;
      }
      return count;
    });
    const written = await writes;
    expect(readStartedAfter).toBeLessThan(written);
    await expect.poll(() => readDuring).toBeDefined();
    expect(readDuring).toBe(written);
  });

  it('adds no turn to a short chain within the budget', async () => {
    const db = await open(60_000);
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    for (let index = 0; index < 20; index += 1) await db.insertInto('notes').values({ body: 'z' }).execute();
    expect(turned).toBe(false);
  });
});
