import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Generated, type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.js';
import { runAsBackgroundWork } from './event-loop-turns.js';

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

  it("runs a request's few statements in one go beside background work, not one background statement each", async () => {
    // A budget the request's five statements stay within even when first compiled on a busy machine.
    const db = await open(50);
    // Tens of milliseconds of SQLite each: what a scheduled task's chunk costs on a big database.
    const slow = () =>
      sql`with recursive c(x) as (select 1 union all select x + 1 from c where x < 200000)
      select count(*) as n from c`.execute(db);
    const events: string[] = [];
    let stop = false;
    const task = runAsBackgroundWork(async () => {
      while (!stop) {
        await slow();
        events.push('task statement');
      }
    });
    // A request arriving while the task runs: five short statements.
    await new Promise<void>((resolve) =>
      setTimeout(async () => {
        events.push('request starts');
        for (let index = 0; index < 5; index += 1) await db.insertInto('notes').values({ body: 'r' }).execute();
        events.push('request ends');
        resolve();
      }, 20),
    );
    stop = true;
    await task;
    const from = events.indexOf('request starts');
    expect(events.slice(0, from)).toContain('task statement');
    expect(events.slice(from, events.indexOf('request ends') + 1)).toEqual(['request starts', 'request ends']);
  });
});
