/**
 * `npm run bench:lists [-- --users 20000 --files 20000 --times 200]`
 *
 * The CPU one answer of each list costs, measured inside one process (`process.cpuUsage`, the app
 * answering through Fastify's inject: routing, hooks, validation, SQL, presenters and serialization,
 * no sockets) on a throw-away SQLite database seeded as `npm run bench` seeds it. Other work on the
 * machine slows the answers but hardly changes the CPU each one takes, so before/after comparisons hold
 * on a shared machine where req/s and latency do not (docs/performance.md, issue 26). It prints; it
 * asserts nothing.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { ROLE_ID } from '@portal/contract/roles';
import { CompiledQuery } from 'kysely';
import { hashPassword } from '../src/auth/passwords.js';
import { createServices } from '../test/support/people.js';
import { createTestApp, TEST_PASSWORD } from '../test/support/test-app.js';
import { buildBenchOptions, findRareClientId, seedScale } from './scale-data.js';

const args = new Map<string, string>();
for (let index = 2; index < process.argv.length; index += 2)
  args.set(String(process.argv[index]).replace(/^--/, ''), String(process.argv[index + 1]));
const users = Number(args.get('users') ?? 20_000);
const files = Number(args.get('files') ?? 20_000);
const times = Number(args.get('times') ?? 200);
/** Only the screens whose name holds this text (to profile one: `node --cpu-prof --import tsx ...`). */
const only = args.get('only') ?? '';

/** With `--profile file.cpuprofile`: a CPU profile of the measured answers alone, not of the seeding. */
const profile = args.get('profile');

/** With `--statements 1`: each statement a screen runs, timed alone (the SQL's share of the answer). */
const statements = args.get('statements') === '1';
const caught: { sql: string; parameters: readonly unknown[] }[] = [];
let catching = false;
const t = await createTestApp('sqlite', {
  // Answers serialised as a production server does, without the tests' check of each one (answer-serializer.ts).
  checkAnswers: false,
  observeQuery: (query) => {
    if (catching) caught.push(query);
  },
});
try {
  const admin = await t.createUser('admin');
  const adminToken = await t.signIn(admin);
  const serviceIds = await createServices(t, adminToken, ['GST Filing', 'ITR Filing']);
  const probe = await seedScale(
    t.context.db,
    'sqlite',
    await buildBenchOptions(t.context.db, {
      users,
      files,
      passwordHash: await hashPassword(TEST_PASSWORD),
      serviceIds,
    }),
  );
  const mpc = await t.signIn({ email: probe.mpc.email, password: TEST_PASSWORD });
  const pc = await t.signIn({ email: probe.pc.email, password: TEST_PASSWORD });
  const executor = await t.signIn({ email: probe.executor.email, password: TEST_PASSWORD });
  const folder = `/api/fileFolder/${probe.client.id}/${probe.serviceId}/${probe.folderId}`;
  let before: number | null = null;
  for (let page = 1; page < 10; page += 1) {
    const answer = await t.request({ method: 'GET', url: before ? `${folder}?before=${before}` : folder, token: mpc });
    before = answer.json().data.files_next;
  }
  // The firm's last client: a five-digit id, whose name (Person19999) no other client's holds.
  const rareClientId = await findRareClientId(t.context.db, probe);
  // The probe firm's newest file (`document-<id + 1>.pdf`, bench/scale-data.ts): a name no other file's holds.
  const rareFile = await t.context.db
    .selectFrom('files')
    .innerJoin('users', 'users.id', 'files.client_id')
    .select(['files.id', 'files.client_id'])
    .where('users.firm_id', '=', probe.mpc.id)
    .orderBy('files.id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const screens: [name: string, url: string, token: string][] = [
    ['MPC client list, page 3', `/api/user/userListByRole/${ROLE_ID.client}?page=3`, mpc],
    ['PC client list, page 1', `/api/user/userListByRole/${ROLE_ID.client}?page=1`, pc],
    ['PC client list, page 40', `/api/user/userListByRole/${ROLE_ID.client}?page=40`, pc],
    ['executor client list, page 1', `/api/user/userListByRole/${ROLE_ID.client}?page=1`, executor],
    ['MPC document requests, page 1', '/api/requests?limit=20', mpc],
    ['MPC document requests, page 50', '/api/requests?page=50&limit=20', mpc],
    // A PC opens its work and its requests all day too: its reach is 6,665 of the firm's clients.
    ['PC work list, first page', '/api/work?status=open&limit=20', pc],
    ['PC work list, search sharma', '/api/work?q=sharma', pc],
    ['PC document requests, page 1', '/api/requests?limit=20', pc],
    ['PC notifications, page 1', '/api/notifications?limit=20', pc],
    ['PC notifications, page 40', '/api/notifications?page=40&limit=20', pc],
    ['folder of 1,000 files, page 10', `${folder}?before=${before}`, mpc],
    // Search (issue 26): "sharma" is the surname of a tenth of the clients, a month is a seventh of the work, the last client's first name that client alone.
    ['MPC client list, search sharma', `/api/user/userListByRole/${ROLE_ID.client}?search=sharma`, mpc],
    ['MPC work list, search sharma', '/api/work?q=sharma', mpc],
    ['MPC work list, search a month', '/api/work?q=2025-10', mpc],
    // A form's name, in every title of the seeded work.
    ['MPC work list, search every title', '/api/work?q=GSTR-3B', mpc],
    ['MPC work list, search one name', `/api/work?q=person${rareClientId}`, mpc],
    // Files by name (docs/decisions/0057-file-search.md): one file's name, every file's, one client's.
    ['MPC file search, one name', `/api/files/search?q=ument-${rareFile.id}`, mpc],
    ['MPC file search, every file', '/api/files/search?q=document', mpc],
    ['MPC file search, one client', `/api/files/search?q=ument-${rareFile.id}&client_id=${rareFile.client_id}`, mpc],
    ['MPC file search, one client, every file', `/api/files/search?q=document&client_id=${probe.client.id}`, mpc],
    ['MPC file search, one client, none of 2,000', `/api/files/search?q=nowhere&client_id=${probe.client.id}`, mpc],
    ['PC file search, every file', '/api/files/search?q=document', pc],
    ['PC file search, one name', `/api/files/search?q=ument-${rareFile.id}`, pc],
  ];
  console.log(`CPU per answer at ${users} users, ${files} files (median of ${times}, in-process)`);
  const inspector = profile ? new Session() : null;
  if (inspector) {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  }
  for (const [name, url, token] of screens.filter(([name]) => name.includes(only))) {
    const samples: number[] = [];
    for (let index = 0; index < times + 20; index += 1) {
      const started = process.cpuUsage();
      const answer = await t.request({ method: 'GET', url, token });
      const used = process.cpuUsage(started);
      if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}: ${answer.body}`);
      // The first twenty warm the caches and the JIT.
      if (index >= 20) samples.push((used.user + used.system) / 1000);
    }
    samples.sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)] as number;
    console.log(`  ${name.padEnd(34)} ${median.toFixed(2).padStart(7)} ms`);
    if (statements) await timeStatements(url, token);
  }
  if (inspector && profile) {
    const { profile: taken } = await inspector.post('Profiler.stop');
    writeFileSync(profile, JSON.stringify(taken));
    inspector.disconnect();
  }
} finally {
  await t.close();
}

async function timeStatements(url: string, token: string): Promise<void> {
  caught.length = 0;
  catching = true;
  await t.request({ method: 'GET', url, token });
  catching = false;
  for (const query of [...caught]) {
    const started = process.cpuUsage();
    for (let index = 0; index < 50; index += 1)
      await t.context.db.executeQuery(CompiledQuery.raw(query.sql, [...query.parameters]));
    const used = process.cpuUsage(started);
    console.log(`    ${((used.user + used.system) / 50_000).toFixed(3).padStart(7)} ms  ${query.sql.slice(0, 150)}`);
    if (process.env.SHOW_SQL) {
      console.log(query.sql, query.parameters);
      const plan = await t.context.db.executeQuery(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      console.log(plan.rows.map((row) => (row as { detail: string }).detail).join('\n'));
    }
  }
}
