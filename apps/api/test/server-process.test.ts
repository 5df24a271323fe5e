import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(env: Record<string, string>): Started {
  let output = '';
  // Node itself with tsx as a loader: one process, so a kill reaches the server (the `tsx` command is a
  // wrapper that would leave the real server running behind it).
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Nothing listens on the port any more: the stopped server left no socket behind. */
function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

async function signIn(port: number, email: string, password: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

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
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await isPortFree(port)).toBe(true);
  });

  it('removes uploads a crash left in DATA_DIR/tmp before serving, logging only their count and bytes', async () => {
    const dataDir = makeDataDir();
    fs.mkdirSync(path.join(dataDir, 'tmp'));
    const leftover = path.join(dataDir, 'tmp', 'c0ffee00c0ffee00c0ffee00c0ffee00.part');
    fs.writeFileSync(leftover, Buffer.alloc(2048, 7));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(leftover, twoHoursAgo, twoHoursAgo);
    const port = await findFreePort();
    const server = start({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    await waitFor(() => server.output().includes('Portal ready'));
    expect(fs.existsSync(leftover)).toBe(false);
    expect(server.output()).toContain('"count":1,"bytes":2048');
    expect(server.output()).not.toContain('c0ffee');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await isPortFree(port)).toBe(true);
  });

  it('generates and prints the first admin password once, and keeps it across restarts', async () => {
    const dataDir = makeDataDir();
    const port = await findFreePort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitFor(() => first.output().includes('Portal ready'));
    const password = /with password (\S+) \(shown only this once/.exec(first.output())?.[1];
    expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).{8,}$/);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);

    const second = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitFor(() => second.output().includes('Portal ready'));
    expect(second.output()).not.toContain('First admin created');
    expect(await signIn(port, 'admin@portal.local', password as string)).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'portal.sqlite'))).toBe(true);
    // The data key lives in keys/; no signing key sits beside the data (links derive theirs from it).
    expect(fs.readdirSync(path.join(dataDir, 'keys')).some((name) => name.endsWith('.key'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'app-key'))).toBe(false);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await isPortFree(port)).toBe(true);
  });
});
