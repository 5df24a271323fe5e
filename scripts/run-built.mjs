// `npm run backup|restore|keys:*|admin:reset|seed:demo -- ARGS`: runs the API's operator command from the build
// output (apps/api/dist), so it works on a production install, where `npm prune --omit=dev` removed the
// TypeScript compiler and tsx. In a checkout that still has the compiler, a build older than the sources is
// made again first, so a developer never runs yesterday's code against today's database.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const COMMANDS = {
  backup: 'backup.js',
  restore: 'restore.js',
  'keys:export': 'keys-export.js',
  'keys:import': 'keys-import.js',
  'keys:rotate': 'keys-rotate.js',
  'admin:reset': 'admin-reset.js',
  'seed:demo': 'seed-demo.js',
};

/** The newest modification time of the TypeScript sources the API's build reads, in milliseconds. */
function findNewestSourceTime() {
  let newest = 0;
  const visit = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const folder of ['apps/api/src', 'packages/contract/src']) {
    const full = path.join(root, folder);
    if (fs.existsSync(full)) visit(full);
  }
  return newest;
}

function buildApi() {
  for (const workspace of ['@portal/contract', '@portal/api']) {
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const [name, ...args] = process.argv.slice(2);
const file = COMMANDS[name];
if (!file) {
  console.error(`Unknown command "${name}": one of ${Object.keys(COMMANDS).join(', ')}.`);
  process.exit(2);
}
const entry = path.join(root, 'apps/api/dist', file);
const canBuild = fs.existsSync(path.join(root, 'node_modules/typescript/package.json'));
const built = fs.existsSync(entry);
if (canBuild && (!built || fs.statSync(entry).mtimeMs < findNewestSourceTime())) buildApi();
else if (!built) {
  console.error(
    'The build output is missing (apps/api/dist): run `npm ci && npm run build` first (then `npm prune --omit=dev` on a server).',
  );
  process.exit(1);
}
const result = spawnSync(process.execPath, [entry, ...args], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
