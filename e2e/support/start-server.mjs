// Starts the built portal on a throw-away data folder for the browser tests, and removes it after.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// A folder named by the config (E2E_DATA_DIR), so a test can read what the server wrote there (the
// mail outbox); emptied first in case an earlier run was killed before it could clean up.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
  // Mail goes to the outbox and no role must set up a second factor, whatever the calling shell has set.
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '', REQUIRE_2FA_ROLES: '' },
  stdio: 'inherit',
});

const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
