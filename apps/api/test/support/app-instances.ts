import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { AppContext } from '../../src/app-context.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { loadConfig } from '../../src/config.js';
import type { Database, DialectName } from '../../src/db/database.js';
import type { Scheduler } from '../../src/modules/scheduled-work/scheduler.js';
import { insertUser } from '../../src/modules/users/users.repository.js';
import { buildFirm } from './firm.js';
import { signInThroughApi } from './sign-in.js';
import { type ApiCaller, TEST_PASSWORD } from './test-app.js';
import { createTestClock, type TestClock } from './test-clock.js';
import { createTestDatabase } from './test-database.js';

export type AppInstance = {
  app: FastifyInstance;
  context: AppContext;
  /** Not started: the test ticks it. */
  scheduler: Scheduler;
  /** This instance's log lines, parsed. */
  logs: Record<string, unknown>[];
};

export type AppInstances = {
  instances: AppInstance[];
  /** One clock for all, as processes whose clocks are in sync. */
  clock: TestClock;
  dataDir: string;
  close(): Promise<void>;
};

/** One instance as the API helpers (people.ts, firm.ts) call an app: requests with a token, sign-in. */
export function callerOf(instance: AppInstance): ApiCaller {
  const request: ApiCaller['request'] = ({ token, headers, ...rest }) =>
    instance.app.inject({ ...rest, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  return { request, signIn: (user) => signInThroughApi(request, user) };
}

/**
 * Writes an active admin with the test password into the instances' database (the instances have no
 * test-app helper to make one) and signs it in through `instance`; answers its token.
 */
export async function signInNewAdmin(
  instance: AppInstance,
  now: Date,
  names: { lastName: string; email: string; username: string },
): Promise<string> {
  const at = now.toISOString();
  await insertUser(instance.context.db, {
    role_id: 1,
    firm_id: null,
    created_by: null,
    first_name: 'Admin',
    last_name: names.lastName,
    email: names.email,
    username: names.username,
    password_hash: await hashPassword(TEST_PASSWORD),
    mobile_number: '9876543210',
    status: 'active',
    created_at: at,
    updated_at: at,
  });
  return callerOf(instance).signIn({ email: names.email, password: TEST_PASSWORD });
}

/**
 * Several portal apps on one database, each with its own connection (pool), as separate processes
 * would be; they share the DATA_DIR, as processes on one machine do.
 */
export async function createAppInstances(
  dialect: DialectName,
  count = 2,
  options: { env?: Record<string, string> } = {},
): Promise<AppInstances> {
  const testDatabase = await createTestDatabase(dialect);
  const clock = createTestClock();
  const config = loadConfig({ DATA_DIR: testDatabase.dataDir, LOG_LEVEL: 'info', ...options.env });
  const extraConnections: Database[] = [];
  const instances: AppInstance[] = [];
  for (let index = 0; index < count; index += 1) {
    const database = index === 0 ? testDatabase.database : testDatabase.openAnother();
    if (index > 0) extraConnections.push(database);
    const logs: Record<string, unknown>[] = [];
    const logStream = { write: (line: string) => void logs.push(JSON.parse(line)) };
    const built = await buildApp({ config, database, clock, logStream });
    await built.app.ready();
    instances.push({ ...built, logs });
  }
  return {
    instances,
    clock,
    dataDir: testDatabase.dataDir,
    close: async () => {
      for (const instance of instances) await instance.app.close();
      for (const database of extraConnections) await database.destroy();
      await testDatabase.drop();
    },
  };
}

/**
 * Instances on one database with mail going to `env`'s server, an admin signed in on the first and a firm
 * built through it: the start of the tests of scheduled mail (the digest, invoice reminders).
 */
export async function createInstancesWithFirm(dialect: DialectName, count: number, env: Record<string, string>) {
  const setup = await createAppInstances(dialect, count, { env });
  const [first] = setup.instances;
  if (!first) throw new Error('no instance');
  const api = callerOf(first);
  const adminToken = await signInNewAdmin(first, setup.clock.now(), {
    lastName: 'Tester',
    email: `admin.${Date.now()}@portal.in`,
    username: `admin${Date.now()}`,
  });
  const firm = await buildFirm(api, adminToken);
  return { setup, first, api, adminToken, firm };
}
