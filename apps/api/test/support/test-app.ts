import type { AddressInfo } from 'node:net';
import type { RoleName } from '@portal/contract/roles';
import { ROLE_ID } from '@portal/contract/roles';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { AppContext } from '../../src/app-context.js';
import { hashPassword, useTestArgon2Cost } from '../../src/auth/passwords.js';
import { loadConfig } from '../../src/config.js';
import type { Database, DialectName, QueryObserver } from '../../src/db/database.js';
import type { LogStream } from '../../src/http/log-redaction.js';
import type { Scheduler } from '../../src/modules/scheduled-work/scheduler.js';
import { insertUser } from '../../src/modules/users/users.repository.js';
import { type FixtureScope, useFixture } from './fixture-hooks.js';
import { signInThroughApi } from './sign-in.js';
import { createTestClock, type TestClock } from './test-clock.js';
import { createTestDatabase } from './test-database.js';

export const TEST_PASSWORD = 'Secret@123';

export type TestUser = { id: number; email: string; username: string; password: string; role: RoleName };

export type TestApp = {
  app: FastifyInstance;
  context: AppContext;
  /** Not started: a test runs scheduled work by calling `tick()`. */
  scheduler: Scheduler;
  clock: TestClock;
  dataDir: string;
  /** The database the app runs on (a second app may open the same one). */
  database: Database;
  /** Every body the app answered during the test, to check nothing secret ever left it. */
  bodies: string[];
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  createUser(
    role: RoleName,
    overrides?: Partial<{ status: string; firmId: number | null; email: string }>,
  ): Promise<TestUser>;
  signIn(user: Pick<TestUser, 'email' | 'password'>): Promise<string>;
  close(): Promise<void>;
};

/** What the API helpers (people.ts, firm.ts) need: an in-process app or a portal over HTTP (http-caller.ts). */
export type ApiCaller = Pick<TestApp, 'request' | 'signIn'>;

/** Starts the app on a free port of the loopback, for a test that needs a real socket; answers the port. */
export async function listenOnFreePort(t: Pick<TestApp, 'app'>): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

let userCounter = 0;
// Real argon2id, at a small cost: sign-ins would otherwise take most of the suite's time.
useTestArgon2Cost();
/** The test password, hashed once per test file. */
let testPasswordHash: Promise<string> | undefined;
const hashTestPassword = () => {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  return testPasswordHash;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  webRoot?: string;
  addRoutes?: (app: FastifyInstance) => void;
  /** Sees every route the app registers. */
  observeRoute?: (route: RouteOptions) => void;
  /** Collects the log (set `env.LOG_LEVEL` too: tests log nothing by default). */
  logStream?: LogStream;
  /** Sees every SQL statement the app runs. */
  observeQuery?: QueryObserver;
  /**
   * Whether `signIn` accepts the firm's privacy notice for a user it waits for (default yes: tests not
   * about the notice's gate); false leaves it to the test (issue 25).
   */
  acceptPrivacyNotice?: boolean;
  /**
   * Whether every answer is also checked against its schema, naming a field outside it (default yes);
   * the CPU benchmark turns it off to measure what a production server runs.
   */
  checkAnswers?: boolean;
};

export async function createTestApp(dialect: DialectName, options: TestAppOptions = {}): Promise<TestApp> {
  const testDatabase = await createTestDatabase(dialect, { observeQuery: options.observeQuery });
  const clock = createTestClock();
  const config = loadConfig({
    DATA_DIR: testDatabase.dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...options.env,
  });
  const { app, context, scheduler } = await buildApp({
    config,
    database: testDatabase.database,
    clock,
    checkAnswers: options.checkAnswers !== false,
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.observeRoute ? { observeRoute: options.observeRoute } : {}),
  });
  options.addRoutes?.(app);
  await app.ready();
  const bodies: string[] = [];

  const request: TestApp['request'] = async ({ token, headers, ...rest }) => {
    const response = await app.inject({
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    bodies.push(response.body);
    return response;
  };

  const createUser: TestApp['createUser'] = async (role, overrides = {}) => {
    userCounter += 1;
    const first = `${role}${userCounter}`;
    const email = overrides.email ?? `${first}@example.in`;
    const now = clock.now().toISOString();
    const id = await insertUser(context.db, {
      role_id: ROLE_ID[role],
      firm_id: overrides.firmId ?? null,
      created_by: null,
      first_name: first,
      last_name: 'Tester',
      email,
      username: `${first}tester`,
      password_hash: await hashTestPassword(),
      mobile_number: '9876543210',
      status: overrides.status ?? 'active',
      created_at: now,
      updated_at: now,
    });
    return { id, email, username: `${first}tester`, password: TEST_PASSWORD, role };
  };

  const signIn: TestApp['signIn'] = (user) =>
    signInThroughApi(request, user, { acceptPrivacyNotice: options.acceptPrivacyNotice !== false });

  return {
    app,
    context,
    scheduler,
    clock,
    dataDir: testDatabase.dataDir,
    database: testDatabase.database,
    bodies,
    request,
    createUser,
    signIn,
    close: async () => {
      await app.close();
      await testDatabase.drop();
    },
  };
}

/**
 * A test app opened by the block's hooks and closed after its tests (useFixture): once for the block, or
 * fresh for each test. `options` may be a function, read when the app opens (e.g. a mail server's address
 * opened by an earlier hook).
 */
export function useTestApp(
  scope: FixtureScope,
  dialect: DialectName,
  options: TestAppOptions | (() => TestAppOptions) = {},
): TestApp {
  return useFixture(
    scope,
    () => createTestApp(dialect, typeof options === 'function' ? options() : options),
    (t) => t.close(),
  );
}
