// Starts the built portal on a throw-away data folder for the browser tests, and removes it after.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
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
