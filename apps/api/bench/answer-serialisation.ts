/**
 * What serialising answers by their schema costs (issue 26): a page of 100 clients
 * (`GET /api/user/userListByRole/5?limit=100`, the widest list answer) written by fast-json-stringify
 * from the contract's schema against JSON.stringify, in a loop on the same object, then through Fastify
 * (`app.inject`, two routes answering that same object, one with the schema, one without). CPU time per
 * answer; asserts nothing. `npx tsx --conditions=source apps/api/bench/answer-serialisation.ts`
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { successEnvelopeSchema } from '@portal/contract/envelope';
import { ROLE_ID } from '@portal/contract/roles';
import { userListPageSchema } from '@portal/contract/users';
import { buildApp } from '../src/app.js';
import { hashPassword } from '../src/auth/passwords.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createAnswerSerializer } from '../src/http/answer-serializer.js';

const PASSWORD = 'Bench@1234';
const CLIENTS = 100;
const LOOPS = 5_000;
const REQUESTS = 2_000;

function cpuMicrosPer(count: number, work: () => void): number {
  for (let index = 0; index < Math.min(500, count); index += 1) work();
  const start = process.cpuUsage();
  for (let index = 0; index < count; index += 1) work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / count;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-answers-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') });
  await migrateToLatest(database);
  const { app, context } = await buildApp({ config, database, clock: systemClock });
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(PASSWORD);
  const user = (index: number | null) => ({
    role_id: index === null ? ROLE_ID.mpc : ROLE_ID.client,
    first_name: index === null ? 'Bench' : `Client${index}`,
    last_name: 'Bench',
    email: index === null ? 'mpc@bench.local' : `client${index}@bench.local`,
    username: index === null ? 'benchmpc' : `client${index}bench`,
    password_hash: passwordHash,
    mobile_number: '9876543210',
    status: 'active',
    created_at: now,
    updated_at: now,
  });
  const mpc = await context.db.insertInto('users').values(user(null)).returning('id').executeTakeFirstOrThrow();
  await context.db.updateTable('users').set({ firm_id: mpc.id }).where('id', '=', mpc.id).execute();
  await context.db
    .insertInto('users')
    .values(Array.from({ length: CLIENTS }, (_, index) => ({ ...user(index), firm_id: mpc.id, created_by: mpc.id })))
    .execute();
  let page: unknown;
  const envelope = successEnvelopeSchema(userListPageSchema);
  app.get('/bench/plain', { config: { public: true } }, async () => page);
  app.get('/bench/schema', { config: { public: true }, schema: { response: { 200: envelope } } }, async () => page);
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'mpc@bench.local', password: PASSWORD },
  });
  const token = login.json().data.token as string;
  const list = await app.inject({
    method: 'GET',
    url: `/api/user/userListByRole/5?limit=${CLIENTS}`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (list.statusCode !== 200) throw new Error(`the list answered ${list.statusCode}: ${list.body}`);
  page = list.json();
  const rows = (page as { data: { data: unknown[] } }).data.data.length;

  const bySchema = createAnswerSerializer()({ schema: envelope, method: 'GET', url: '/bench', httpStatus: '200' });
  const stringify = cpuMicrosPer(LOOPS, () => JSON.stringify(page));
  const schema = cpuMicrosPer(LOOPS, () => bySchema(page));
  const timeAwaited = async (url: string) => {
    for (let index = 0; index < 300; index += 1) await app.inject({ method: 'GET', url });
    const start = process.cpuUsage();
    for (let index = 0; index < REQUESTS; index += 1) await app.inject({ method: 'GET', url });
    const used = process.cpuUsage(start);
    return (used.user + used.system) / REQUESTS;
  };
  // Alternated, the least of three each: the machine is shared.
  const plainTimes: number[] = [];
  const schemaTimes: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    schemaTimes.push(await timeAwaited('/bench/schema'));
    plainTimes.push(await timeAwaited('/bench/plain'));
  }
  const plainAwaited = Math.min(...plainTimes);
  const schemaAwaited = Math.min(...schemaTimes);
  const same = JSON.stringify(JSON.parse(bySchema(page))) === JSON.stringify(page);
  console.log(`answer: ${rows} clients, ${JSON.stringify(page).length} bytes; schema keeps it whole: ${same}`);
  console.log(`serialise only:  JSON.stringify ${stringify.toFixed(1)} µs, by schema ${schema.toFixed(1)} µs`);
  console.log(`through Fastify: no schema ${plainAwaited.toFixed(1)} µs, by schema ${schemaAwaited.toFixed(1)} µs`);
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
