import { CompiledQuery } from 'kysely';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';

const dir = process.argv[2] as string;
const urls = process.argv.slice(3);
const caught: { sql: string; parameters: readonly unknown[] }[] = [];
let catching = false;
const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'portal.sqlite'), observeQuery: (q) => { if (catching) caught.push(q); } });
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ADMIN_EMAIL: 'admin@bench.test', ADMIN_PASSWORD: 'Bench@Admin1' });
const { app, context } = await buildApp({ config, database, clock: systemClock });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'u1@scale.test', password: 'Bench@12345' } });
const token = login.json().data.token;
const session = new Session();
session.connect();
await session.post('Profiler.enable');
for (const url of urls) {
  await session.post('Profiler.start');
  for (let i = 0; i < 300; i++) await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  writeFileSync('/tmp/one.cpuprofile', JSON.stringify((await session.post('Profiler.stop')).profile));
  const samples: number[] = [];
  for (let i = 0; i < 60; i++) {
    const s = process.cpuUsage();
    const r = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const u = process.cpuUsage(s);
    if (r.statusCode !== 200) throw new Error(`${url} ${r.statusCode} ${r.body.slice(0, 200)}`);
    if (i >= 10) samples.push((u.user + u.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  console.log(url, 'CPU median', samples[25]?.toFixed(2), 'ms');
  caught.length = 0; catching = true;
  await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  catching = false;
  for (const q of [...caught]) {
    const s = process.cpuUsage();
    for (let i = 0; i < 20; i++) await context.db.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]));
    const u = process.cpuUsage(s);
    console.log(`   ${((u.user + u.system) / 20000).toFixed(3).padStart(8)} ms  ${q.sql.slice(0, 140)}`);
    if (process.env.SHOW_SQL && (u.user + u.system) / 20000 > 1) {
      console.log(q.sql, q.parameters);
      const plan = await context.db.executeQuery(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
      console.log(plan.rows.map((row) => (row as { detail: string }).detail).join('\n'));
    }
  }
}
await app.close();
