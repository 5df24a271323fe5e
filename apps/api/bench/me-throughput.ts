/**
 * `npm run bench:me`: what one signed-in request costs the server, on `GET /api/me` (token lookup, user
 * read, envelope, request log). Two figures on a real SQLite file:
 * - in-process (`app.inject`, no socket): wall and CPU time per request (CPU time is the steadier number on
 *   a shared machine);
 * - over a loopback socket with autocannon (in a worker thread, so it does not share the server's event
 *   loop): requests per second and latency percentiles.
 * `LOG_LEVEL` (default `info`) sets the server's log level; the log goes to the null device, so its cost is
 * counted but not shown. Bounded: a fixed number of requests, then a fixed number of seconds. Asserts nothing.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROLE_ID } from '@portal/contract/roles';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.js';
import { hashPassword } from '../src/auth/passwords.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

const PASSWORD = 'Bench@1234';
const WARM_UP = 2_000;
const IN_PROCESS_REQUESTS = 20_000;
const SOCKET_SECONDS = 10;
const CONNECTIONS = 10;

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-me-'));
  const logLevel = process.env.LOG_LEVEL || 'info';
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: logLevel });
  const database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') });
  await migrateToLatest(database);
  const logStream = fs.createWriteStream(os.devNull);
  const { app, context } = await buildApp({ config, database, clock: systemClock, logStream });
  const now = new Date().toISOString();
  await context.db
    .insertInto('users')
    .values({
      role_id: ROLE_ID.admin,
      firm_id: null,
      first_name: 'Bench',
      last_name: 'Admin',
      email: 'admin@bench.local',
      username: 'benchadmin',
      password_hash: await hashPassword(PASSWORD),
      status: 'active',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'admin@bench.local', password: PASSWORD },
  });
  const token = login.json().data.token as string;
  const headers = { authorization: `Bearer ${token}` };

  for (let i = 0; i < WARM_UP; i += 1) await app.inject({ method: 'GET', url: '/api/me', headers });
  const began = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < IN_PROCESS_REQUESTS; i += 1) {
    const response = await app.inject({ method: 'GET', url: '/api/me', headers });
    if (response.statusCode !== 200) throw new Error(`/api/me answered ${response.statusCode}`);
  }
  const microseconds = Number(process.hrtime.bigint() - began) / 1e3 / IN_PROCESS_REQUESTS;
  // CPU time is what the change is about, and it varies less than wall time on a shared machine.
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMicroseconds = (cpu.user + cpu.system) / IN_PROCESS_REQUESTS;

  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/me`,
    headers,
    connections: CONNECTIONS,
    duration: SOCKET_SECONDS,
    workers: 1,
  });

  console.log(`\nGET /api/me, SQLite, LOG_LEVEL=${logLevel} (${os.cpus().length} CPUs, Node ${process.version})\n`);
  console.log(
    `  in-process  ${microseconds.toFixed(0).padStart(6)} µs a request, ${cpuMicroseconds.toFixed(0)} µs of CPU ` +
      `(${IN_PROCESS_REQUESTS} requests)`,
  );
  console.log(
    `  socket      ${result.requests.average.toFixed(0).padStart(6)} requests/s, latency p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms (${CONNECTIONS} connections, ${SOCKET_SECONDS} s; ${result.non2xx} not 2xx, ` +
      `${result.errors} errors)`,
  );
  await app.close();
  await database.destroy();
  logStream.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
