/**
 * `npm run bench [-- --users 100000 --files 100000 --scales 10000,100000,1000000 --connections 50 --duration 10]`
 *
 * For each scale: seeds a throw-away SQLite database through the real schema (bench/scale-data.ts),
 * starts the built portal on it as its own process (cold start to first answer is timed) and prints
 * single-request medians of what people open most. At `--users`, it also starts the bare baseline
 * (bench/baseline-server.ts) and drives both with autocannon, printing req/s, p50, p99, the portal's
 * peak RSS, and each figure's ratio to the baseline. It prints; it asserts nothing (docs/performance.md).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { listScheduledTasks } from '../src/app.js';
import { hashPassword } from '../src/auth/passwords.js';
import { type Database, openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { buildBenchOptions, type ScaleProbe, seedScale } from './scale-data.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiRoot = path.resolve(here, '..');
const PASSWORD = 'Bench@12345';
const ADMIN = { email: 'admin@bench.test', password: 'Bench@Admin1' };

const args = new Map<string, string>();
for (let index = 2; index < process.argv.length; index += 2)
  args.set(String(process.argv[index]).replace(/^--/, ''), String(process.argv[index + 1]));
const number = (name: string, fallback: number) => Number(args.get(name) ?? fallback);
const loadUsers = number('users', 100_000);
const files = number('files', 100_000);
const scales = (args.get('scales') ?? `10000,${loadUsers}`).split(',').map(Number);
const connections = number('connections', 50);
const duration = number('duration', 10);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function seed(users: number): Promise<{ dataDir: string; probe: ScaleProbe }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') });
  await migrateToLatest(database);
  const now = new Date().toISOString();
  const serviceIds: number[] = [];
  for (const name of ['GST Filing', 'ITR Filing']) {
    const row = await database.db
      .insertInto('services')
      .values({ service_name: name, created_by: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    serviceIds.push(row.id);
  }
  const started = performance.now();
  const probe = await seedScale(
    database.db,
    'sqlite',
    await buildBenchOptions(database.db, { users, files, passwordHash: await hashPassword(PASSWORD), serviceIds }),
  );
  // Every firm member accepted its firm's privacy notice (issue 25): otherwise a PC's lists answer 403.
  await sql`insert into privacy_consents (user_id, firm_id, kind, version, ip, created_at)
    select id, firm_id, 'accepted', 0, '203.0.113.1', created_at from users where firm_id is not null`.execute(
    database.db,
  );
  await sql`update users set privacy_accepted_version = 0 where firm_id is not null`.execute(database.db);
  await markTasksJustRun(database);
  console.log(
    `  seeded ${users} users, ${files + 2_000} files in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await database.destroy();
  return { dataDir, probe };
}

/**
 * A portal at rest: every shared scheduled task ran a moment ago, as on a portal that has been running,
 * so none is due while the benchmark measures (runs-at-start tasks still run at start, and the benchmark
 * waits for them). A first pass over a backlog seeded all at once (hundreds of thousands of due notices
 * and reminders) is a cost of the seed, not of a list (docs/performance.md).
 */
async function markTasksJustRun(database: Database): Promise<void> {
  const tasks = listScheduledTasks();
  const now = Date.now();
  await database.db
    .insertInto('scheduled_runs')
    .values(
      tasks
        .filter((task) => task.runsOn !== 'every-process')
        .map((task) => ({
          name: task.name,
          next_run_at: new Date(now + task.everyMs).toISOString(),
          locked_by: null,
          locked_until: null,
        })),
    )
    .execute();
}

type Server = { child: ChildProcess; base: string; coldStartMs: number };

async function waitForAnswer(base: string, child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/login`)).status < 500) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The V8 flags `npm run serve` starts the portal with (docs/deployment.md): the benchmark runs the same. */
function readServeFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(apiRoot, '../../package.json'), 'utf8'));
  return String(manifest.scripts.serve)
    .split(/\s+/)
    .filter((word) => word.startsWith('--'));
}

async function startPortal(dataDir: string): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...readServeFlags(), path.join(apiRoot, 'dist/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // Sign-in is driven from many addresses, as from many offices (X-Forwarded-For below).
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  return { child, base, coldStartMs: await waitForAnswer(base, child, started) };
}

async function startBaseline(dataDir: string): Promise<Server> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'baseline-server.ts'), path.join(dataDir, 'portal.sqlite')],
    { stdio: ['ignore', 'pipe', 'inherit'], cwd: apiRoot },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the baseline exited with code ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, coldStartMs: performance.now() - started };
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** Resident memory of a process in MB (Linux): `VmHWM` is the peak so far, `VmRSS` now. */
function rssMb(pid: number | undefined, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

async function signIn(base: string, email: string, password = PASSWORD): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** A PC accepts its firm's privacy notice before anything else (issue 25), as the notice screen does. */
async function acceptPrivacyNotice(base: string, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const notice = (await (await fetch(`${base}/api/privacy/notice`, { headers })).json()) as {
    data: { version: number };
  };
  const body = JSON.stringify({ version: notice.data.version });
  const accepted = await fetch(`${base}/api/privacy/notice/accept`, { method: 'POST', headers, body });
  if (!accepted.ok) throw new Error(`the privacy notice's acceptance failed: ${accepted.status}`);
  return token;
}

/** CPU time of a process's main thread so far, in ms (Linux `schedstat`, nanoseconds): where JS and SQLite run. */
function mainThreadCpuMs(pid: number | undefined): number {
  return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}

/** The median wait of one request, and the server's main-thread CPU per request (what a shared machine hides less). */
async function medianMs(
  url: string,
  token: string,
  pid: number | undefined,
  times = 50,
): Promise<{ median: number; cpu: number }> {
  const headers = { authorization: `Bearer ${token}` };
  for (let warm = 0; warm < 5; warm += 1) await (await fetch(url, { headers })).arrayBuffer();
  const cpuBefore = mainThreadCpuMs(pid);
  const samples: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.text();
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 300)}`);
    samples.push(performance.now() - started);
  }
  const cpu = (mainThreadCpuMs(pid) - cpuBefore) / times;
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)] as number, cpu };
}

type Load = { rps: number; p50: number; p99: number; errors: number; cpuMs: number };

/** CPU time a process has used so far, in ms (Linux: utime + stime of `/proc/<pid>/stat`, in clock ticks of 10 ms). */
function cpuMsOf(pid: number | undefined): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Drives `server` with a load; `cpuMs` is the server's CPU per answered request (the machine's other work aside). */
async function drive(server: Server, options: autocannon.Options): Promise<Load> {
  // A short warm-up first, not counted.
  await autocannon({ ...options, duration: 2 });
  const cpuBefore = cpuMsOf(server.child.pid);
  const result = await autocannon({ connections, duration, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuMs: (cpuMsOf(server.child.pid) - cpuBefore) / Math.max(1, result.requests.total),
  };
}

type Target = { name: string; url: string; token: string };

function screensOf(base: string, probe: ScaleProbe, tokens: { mpc: string; pc: string; admin: string }): Target[] {
  return [
    { name: 'MPC client list', url: `${base}/api/user/userListByRole/5?page=3`, token: tokens.mpc },
    { name: 'PC client list', url: `${base}/api/user/userListByRole/5?page=1`, token: tokens.pc },
    {
      name: 'folder of 1,000 files (a page)',
      url: `${base}/api/fileFolder/${probe.client.id}/${probe.serviceId}/${probe.folderId}`,
      token: tokens.mpc,
    },
    { name: 'MPC invoice list (a page)', url: `${base}/api/invoices?limit=25`, token: tokens.mpc },
    { name: '/api/me', url: `${base}/api/me`, token: tokens.mpc },
    { name: 'admin dashboard counts', url: `${base}/api/user/userByRole`, token: tokens.admin },
    // Work (issue 26): the Work tab's queries as the web sends them (a page of 20 still to do, by due date).
    { name: 'MPC work list, first page', url: `${base}/api/work?status=open&limit=20`, token: tokens.mpc },
    { name: 'MPC work list, page 100', url: `${base}/api/work?status=open&page=100&limit=20`, token: tokens.mpc },
    {
      name: 'MPC work list, one month',
      url: `${base}/api/work?status=open&due_from=2025-10-01&due_to=2025-10-31&limit=20`,
      token: tokens.mpc,
    },
    {
      name: 'MPC work list, one assignee',
      url: `${base}/api/work?status=open&assignee_id=${probe.pc.id}&limit=20`,
      token: tokens.mpc,
    },
    {
      name: 'MPC calendar month',
      url: `${base}/api/compliance/calendar?from=2025-10-01&to=2025-10-31`,
      token: tokens.mpc,
    },
    // A PC's own Work tab and requests: its reach is a third of the firm's clients.
    { name: 'PC work list, first page', url: `${base}/api/work?status=open&limit=20`, token: tokens.pc },
    { name: 'PC document requests, page 1', url: `${base}/api/requests?limit=20`, token: tokens.pc },
    // Search (issue 26)
    {
      name: 'MPC client list, search sharma',
      url: `${base}/api/user/userListByRole/5?search=sharma`,
      token: tokens.mpc,
    },
    { name: 'MPC work list, search', url: `${base}/api/work?q=sharma`, token: tokens.mpc },
    // Requests, notifications, folders (issue 26)
    { name: 'MPC document requests, page 1', url: `${base}/api/requests?limit=20`, token: tokens.mpc },
    { name: 'MPC document requests, page 50', url: `${base}/api/requests?page=50&limit=20`, token: tokens.mpc },
    { name: 'PC notifications, page 1', url: `${base}/api/notifications?limit=20`, token: tokens.pc },
    { name: 'PC notifications, page 40', url: `${base}/api/notifications?page=40&limit=20`, token: tokens.pc },
    {
      name: 'folder of 1,000 files, page 10',
      url: `${base}/api/fileFolder/${probe.client.id}/${probe.serviceId}/${probe.folderId}?before=${folderPage10}`,
      token: tokens.mpc,
    },
  ];
}

/** The `before` of the tenth page of the probe's big folder (issue 26), found once the portal answers. */
let folderPage10 = 0;

/** The files_next of the big folder's first nine pages, followed as the browser's "Load more files" does. */
async function findFolderPage10(base: string, probe: ScaleProbe): Promise<number> {
  const token = await signIn(base, probe.mpc.email);
  let before: number | null | undefined;
  for (let page = 1; page < 10; page += 1) {
    const query = before ? `?before=${before}` : '';
    const response = await fetch(
      `${base}/api/fileFolder/${probe.client.id}/${probe.serviceId}/${probe.folderId}${query}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    before = ((await response.json()) as { data: { files_next: number | null } }).data.files_next;
    if (!before) throw new Error('the big folder holds fewer than ten pages');
  }
  return before as number;
}

const pad = (text: string | number, width: number) => String(text).padStart(width);

/** Waits (at most 20 min) until the process uses under 5 % of a core over a second; the ms it took. */
async function waitForIdle(pid: number | undefined): Promise<number> {
  const started = performance.now();
  for (let before = cpuMsOf(pid); performance.now() - started < 20 * 60_000; ) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = cpuMsOf(pid);
    if (now - before < 50) break;
    before = now;
  }
  return performance.now() - started;
}

async function benchScale(users: number): Promise<void> {
  console.log(`\n== ${users.toLocaleString('en-IN')} users`);
  const { dataDir, probe } = await seed(users);
  const portal = await startPortal(dataDir);
  let baseline: Server | undefined;
  try {
    console.log(`  cold start to first answer: ${portal.coldStartMs.toFixed(0)} ms`);
    // The tasks that run at every start (orphan blobs, queued calendar updates) run beside requests
    // (docs/decisions/0056): measure the portal at rest, after them, and say how long they took.
    const firstPass = await waitForIdle(portal.child.pid);
    console.log(`  tasks run at start (the others ran a moment ago): ${(firstPass / 1000).toFixed(1)} s`);
    folderPage10 = await findFolderPage10(portal.base, probe);

    const tokens = {
      mpc: await signIn(portal.base, probe.mpc.email),
      pc: await acceptPrivacyNotice(portal.base, await signIn(portal.base, probe.pc.email)),
      admin: await signIn(portal.base, ADMIN.email, ADMIN.password),
    };
    for (const target of screensOf(portal.base, probe, tokens)) {
      const { median, cpu } = await medianMs(target.url, target.token, portal.child.pid);
      console.log(
        `  ${target.name.padEnd(34)} median ${pad(median.toFixed(2), 8)} ms, CPU ${pad(cpu.toFixed(2), 7)} ms`,
      );
    }
    if (users !== loadUsers) return;

    baseline = await startBaseline(dataDir);
    const base = await drive(baseline, {
      url: `${baseline.base}/list?page=3`,
      headers: { authorization: `Bearer ${tokens.mpc}` },
    });
    console.log(`\n  under load: ${connections} connections, ${duration} s each (after a 2 s warm-up)`);
    console.log(
      `  ${'request'.padEnd(34)} ${pad('req/s', 8)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('errors', 6)} ${pad('vs base', 8)} ${pad('CPU/req', 8)} ${pad('peak RSS', 9)}`,
    );
    // The portal's peak RSS so far after each load: sign-in comes last, since argon2id's 19 MiB per
    // hash (four at a time on libuv's threads) is memory no list needs.
    const line = (name: string, load: Load, pid?: number) =>
      console.log(
        `  ${name.padEnd(34)} ${pad(load.rps.toFixed(0), 8)} ${pad(load.p50, 7)} ${pad(load.p99, 7)} ${pad(load.errors, 6)} ${pad(`${((100 * load.rps) / base.rps).toFixed(0)} %`, 8)} ${pad(`${load.cpuMs.toFixed(2)} ms`, 8)}${pid ? ` ${pad(rssMb(pid).toFixed(0), 6)} MB` : ''}`,
      );
    line('baseline: token + firm page', base);
    for (const target of screensOf(portal.base, probe, tokens))
      line(
        target.name,
        await drive(portal, { url: target.url, headers: { authorization: `Bearer ${target.token}` } }),
        portal.child.pid,
      );
    // Sign-in: many people from many offices, each once in a while (the throttles stay out of the way).
    let next = 0;
    const signInLoad = await drive(portal, {
      url: `${portal.base}/api/login`,
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => {
            next += 1;
            return {
              ...request,
              headers: {
                'content-type': 'application/json',
                'x-forwarded-for': `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`,
              },
              body: JSON.stringify({ email: `u${probe.client.id + (next % 5_000)}@scale.test`, password: PASSWORD }),
            };
          },
        },
      ],
    });
    line('sign-in (argon2id, OWASP profile)', signInLoad, portal.child.pid);
    console.log(`  portal RSS at rest after the loads: ${rssMb(portal.child.pid, 'VmRSS').toFixed(0)} MB`);
  } finally {
    await stop(portal);
    if (baseline) await stop(baseline);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Portal benchmark on ${os.cpus().length} cores, Node ${process.version}`);
for (const users of scales) await benchScale(users);
