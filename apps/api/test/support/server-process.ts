import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * A script of the API (`src/<name>.ts`) as its own process, with only PATH, `LOG_LEVEL=warn` and `env` as
 * its environment; `output` is what it wrote to stdout and stderr so far.
 */
export function startScript(script: string, args: string[], env: Record<string, string>): Started {
  let output = '';
  // Node itself with tsx as a loader: one process, so a kill reaches the script (the `tsx` command is a
  // wrapper that would leave the real server running behind it).
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', script, ...args], {
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

/** The portal as its own process (`src/main.ts`). */
export function startServer(env: Record<string, string>): Started {
  return startScript('src/main.ts', [], env);
}

/** Runs a script (`src/<name>.ts`, as its npm command does) to its end: its exit code and all it wrote. */
export async function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const started = startScript(script, args, env);
  const code = await started.exited;
  return { code, output: started.output() };
}

export async function waitFor(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Nothing listens on the port any more: the stopped server left no socket behind. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}
