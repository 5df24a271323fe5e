import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { listScheduledTasks } from '../src/app.js';
import { findFreePort, isPortFree, startServer, waitFor } from './support/server-process.js';

async function signIn(port: number, email: string, password: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

/** The tasks app.ts registers that one process at a time runs, each with its row in `scheduled_runs`. */
const SHARED_TASKS = listScheduledTasks().filter((task) => (task.runsOn ?? 'one-process') === 'one-process');

describe('the server process', () => {
  const dataDirs: string[] = [];
  const children: ChildProcess[] = [];
  const makeDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-process-'));
    dataDirs.push(dir);
    return dir;
  };
  const start = (env: Record<string, string>) => {
    const started = startServer(env);
    children.push(started.child);
    return started;
  };
  /** Starts the server and waits until it says it is ready. */
  const startReady = async (env: Record<string, string>) => {
    const server = start(env);
    await waitFor(() => server.output().includes('Portal ready'));
    return server;
  };
  /** SIGTERM stops the server with exit code 0 and leaves its port free. */
  const expectCleanStop = async (server: ReturnType<typeof startServer>, port: number) => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await isPortFree(port)).toBe(true);
  };
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exits with code 1 and one clear line on a bad setting', async () => {
    const server = start({ PORT: 'not-a-port', DATA_DIR: makeDataDir() });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toEqual(['Invalid configuration: PORT must be a port number (got "not-a-port")']);
  });

  it('exits with code 1 and one clear line when the bucket of FILE_STORAGE=s3 cannot be reached', async () => {
    const nowhere = await findFreePort();
    const server = start({
      DATA_DIR: makeDataDir(),
      PORT: String(await findFreePort()),
      FILE_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${nowhere}`,
      S3_BUCKET: 'firm-files',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'hidden-value',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines.at(-1)).toMatch(
      /^Cannot start: the bucket "firm-files" \(S3_BUCKET\) cannot be reached: ECONNREFUSED$/,
    );
    expect(server.output()).not.toContain('hidden-value');
  });

  it('stops the start with one clear line when the S3 endpoint takes the connection and never answers', async () => {
    // A socket that is accepted and then left silent, as a wrong port or a stuck proxy does.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const server = start({
        DATA_DIR: makeDataDir(),
        PORT: String(await findFreePort()),
        FILE_STORAGE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`,
        S3_BUCKET: 'firm-files',
        S3_START_TIMEOUT_SECONDS: '1',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'hidden-value',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      });
      expect(await server.exited).toBe(1);
      expect(server.output().trim().split('\n').at(-1)).toBe(
        'Cannot start: the bucket "firm-files" (S3_BUCKET) cannot be reached: no answer within 1 s (S3_START_TIMEOUT_SECONDS): is S3_ENDPOINT an S3 server, and is it up?',
      );
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('creates the first admin from ADMIN_EMAIL and ADMIN_PASSWORD, and stops cleanly on SIGTERM', async () => {
    const port = await findFreePort();
    const server = start({
      PORT: String(port),
      DATA_DIR: makeDataDir(),
      ADMIN_EMAIL: 'owner@firm.in',
      ADMIN_PASSWORD: 'Owner@2026',
    });
    await waitFor(() => server.output().includes('Portal ready'));
    expect(server.output()).toContain('First admin created: sign in as owner@firm.in');
    expect(server.output()).not.toContain('Owner@2026');
    expect(await signIn(port, 'owner@firm.in', 'Owner@2026')).toBe(200);
    await expectCleanStop(server, port);
  });

  it('removes uploads a crash left in DATA_DIR/tmp before serving, logging only their count and bytes', async () => {
    const dataDir = makeDataDir();
    fs.mkdirSync(path.join(dataDir, 'tmp'));
    const leftover = path.join(dataDir, 'tmp', 'c0ffee00c0ffee00c0ffee00c0ffee00.part');
    fs.writeFileSync(leftover, Buffer.alloc(2048, 7));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(leftover, twoHoursAgo, twoHoursAgo);
    const port = await findFreePort();
    const server = await startReady({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    expect(fs.existsSync(leftover)).toBe(false);
    expect(server.output()).toContain('"count":1,"bytes":2048');
    expect(server.output()).not.toContain('c0ffee');
    await expectCleanStop(server, port);
  });

  it('runs scheduled work once listening and still stops cleanly on SIGTERM', async () => {
    const dataDir = makeDataDir();
    const port = await findFreePort();
    const server = await startReady({ PORT: String(port), DATA_DIR: dataDir });
    const readRuns = () => {
      const database = new SQLite(path.join(dataDir, 'portal.sqlite'), { readonly: true });
      try {
        return database.prepare('select name, next_run_at, locked_by from scheduled_runs order by name').all() as {
          name: string;
          next_run_at: string;
          locked_by: string | null;
        }[];
      } finally {
        database.close();
      }
    };
    // Due at once on a new database; each run is released with its next due time one interval on (an
    // hour for the chores, the scheduler's tick for the mail queue's retries, a day for planning work...).
    const intervalOf = (name: string) => SHARED_TASKS.find((task) => task.name === name)?.everyMs ?? 0;
    const releasedForNext = (row: { name: string; next_run_at: string; locked_by: string | null }) =>
      row.locked_by === null && Date.parse(row.next_run_at) > Date.now() + intervalOf(row.name) / 2;
    await waitFor(() => {
      const runs = readRuns();
      return runs.length === SHARED_TASKS.length && runs.every(releasedForNext);
    });
    expect(readRuns().map((row) => row.name)).toEqual(SHARED_TASKS.map((task) => task.name).sort());
    await expectCleanStop(server, port);
  });

  it('generates and prints the first admin password once, and keeps it across restarts', async () => {
    const dataDir = makeDataDir();
    const port = await findFreePort();
    const first = await startReady({ PORT: String(port), DATA_DIR: dataDir });
    const password = /with password (\S+) \(shown only this once/.exec(first.output())?.[1];
    expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).{8,}$/);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);

    const second = await startReady({ PORT: String(port), DATA_DIR: dataDir });
    expect(second.output()).not.toContain('First admin created');
    expect(await signIn(port, 'admin@portal.local', password as string)).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'portal.sqlite'))).toBe(true);
    // The data key lives in keys/; no signing key sits beside the data (links derive theirs from it).
    expect(fs.readdirSync(path.join(dataDir, 'keys')).some((name) => name.endsWith('.key'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'app-key'))).toBe(false);
    await expectCleanStop(second, port);
  });
});
