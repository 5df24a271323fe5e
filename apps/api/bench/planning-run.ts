/**
 * `npm run bench:planning [-- --users 100000]`: the statutory calendar's planning at scale
 * (docs/performance.md, "Planning"). Seeds a throw-away SQLite database with `seedScale` (no work items),
 * gives a quarter of the clients a Maharashtra address (two spellings) and a quarter an Odisha one
 * ("Orissa"), ties GSTR-3B and GSTR-1 (monthly) to the first service and advance tax and Maharashtra's
 * professional tax to the second (which has a two-step checklist), as if tied while the servers were
 * down, then runs the scheduler's `generate-work-items` task twice: on 1 April 2026 (the first plan) and
 * a day later (the daily run). Prints items and checklist steps created, seconds (wall and CPU) and
 * items/s. Asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLE_ID } from '@portal/contract/roles';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { WORK_TASKS } from '../src/modules/work/work-tasks.js';
import { seedScale } from './scale-data.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const args = new Map<string, string>();
for (let index = 2; index < process.argv.length; index += 2)
  args.set(String(process.argv[index]).replace(/^--/, ''), String(process.argv[index + 1]));
const users = Number(args.get('users') ?? 100_000);

const seconds = (since: number) => (performance.now() - since) / 1000;

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-planning-'));
  const database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') });
  try {
    await migrateToLatest(database);
    const db = database.db;
    // 10:00 in India on 1 April 2026, the test clock's day; moved a day for the daily run.
    let now = new Date('2026-04-01T04:30:00.000Z');
    const stamp = now.toISOString();
    const serviceIds: number[] = [];
    for (const name of ['GST (monthly)', 'Income tax and payroll']) {
      const row = await db
        .insertInto('services')
        .values({ service_name: name, created_by: null, created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      serviceIds.push(row.id);
    }
    const [gst, payroll] = serviceIds as [number, number];
    let started = performance.now();
    // Rows only: nobody signs in, so the hash is never checked.
    await seedScale(db, 'sqlite', { users, files: 1, bigFolderFiles: 0, passwordHash: 'unused', serviceIds });
    await sql`update users set state = case id % 8 when 0 then 'Maharashtra' when 1 then 'maharashtra '
      when 2 then 'Orissa' when 3 then 'Odisha' else null end where role_id = ${ROLE_ID.client}`.execute(db);
    const clients = Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('role_id', '=', ROLE_ID.client)
          .executeTakeFirstOrThrow()
      ).n,
    );
    console.log(`seeded ${users} users (${clients} clients, 2 services each) in ${seconds(started).toFixed(1)} s`);

    for (const [code, serviceId] of [
      ['GSTR3B_MONTHLY', gst],
      ['GSTR1_MONTHLY', gst],
      ['ADVANCE_TAX', payroll],
      ['PT_MAHARASHTRA', payroll],
    ] as const)
      await db
        .updateTable('compliance_rules')
        .set({ service_id: serviceId, enabled: 1, active_since: stamp })
        .where('code', '=', code)
        .execute();
    const template = await db
      .insertInto('checklist_templates')
      .values({ service_id: payroll, firm_id: null, updated_by: null, created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('checklist_template_steps')
      .values([
        { template_id: template.id, position: 0, label: 'Challan paid' },
        { template_id: template.id, position: 1, label: 'Return filed' },
      ])
      .execute();

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    const { app, context } = await buildApp({
      config,
      database,
      clock: { now: () => now },
      logStream: fs.createWriteStream(os.devNull),
    });
    const task = WORK_TASKS.find((entry) => entry.name === 'generate-work-items');
    if (!task) throw new Error('no generate-work-items task');
    const count = async (table: 'work_items' | 'work_item_checklist_steps') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    console.log(`\nplanning, SQLite (${os.cpus().length} CPUs, Node ${process.version})`);
    for (const run of ['first plan', 'daily run']) {
      const [itemsBefore, stepsBefore] = [await count('work_items'), await count('work_item_checklist_steps')];
      started = performance.now();
      const cpuBefore = process.cpuUsage();
      await task.run(context);
      const took = seconds(started);
      // CPU time too: SQLite runs in this process, and on a shared machine it varies less than wall time.
      const cpu = process.cpuUsage(cpuBefore);
      const items = (await count('work_items')) - itemsBefore;
      const steps = (await count('work_item_checklist_steps')) - stepsBefore;
      console.log(
        `  ${run.padEnd(10)} ${now.toISOString().slice(0, 10)}: ${items} items, ${steps} checklist steps in ` +
          `${took.toFixed(1)} s, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU (${Math.round(items / took)} items/s)`,
      );
      now = new Date(now.getTime() + DAY_MS);
    }
    await app.close();
  } finally {
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
