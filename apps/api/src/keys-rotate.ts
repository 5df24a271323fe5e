import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig } from './config.js';
import { databaseOptionsFor, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { activateKeyFile, createKeyFile, loadKeyring } from './encryption/keyring.js';
import { sealDataAtRest } from './modules/encryption/encrypt-at-rest.service.js';
import { countNotUnder } from './modules/encryption/key-usage.repository.js';

// A running server looks for a newly active key once a second; after this, nothing new is written
// under the old key, and a second pass takes what was written meanwhile.
const SETTLE_MS = 2500;

/**
 * `npm run keys:rotate [-- --retire-old-keys]` (docs/security.md): a new data key becomes active and
 * every sealed value and stored file is moved under it, while the portal keeps serving. With
 * `ENCRYPTION_KEY`, its first key is the new one (put it first and restart the portal before).
 */
async function rotate(): Promise<number> {
  process.umask(0o077);
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const retire = process.argv.includes('--retire-old-keys');
  const keysDir = path.join(config.dataDir, 'keys');
  const before = loadKeyring({ encryptionKey: config.encryptionKey, dataDir: config.dataDir });
  if (before.source === 'directory') {
    const created = createKeyFile(keysDir);
    activateKeyFile(keysDir, created.id);
    console.log(`New key ${created.id} is active (was ${before.active().id}).`);
  } else {
    console.log(`ENCRYPTION_KEY is set: its first key, ${before.active().id}, is the active one.`);
  }

  const database = openDatabase(databaseOptionsFor(config));
  await migrateToLatest(database);
  const { app, context } = await buildApp({ config, database, clock: systemClock });
  try {
    const active = context.keyring.active().id;
    const first = await sealDataAtRest(context, 'all');
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const second = await sealDataAtRest(context, 'all');
    const left = await countNotUnder(context.db, active);
    const moved = (field: 'users' | 'files' | 'documents') => first[field] + second[field];
    console.log(
      `Re-encrypted the secrets of ${moved('users')} users, ${moved('files')} client files and ${moved('documents')} user documents under ${active}.`,
    );
    if (left > 0 || second.skipped > 0) {
      console.error(
        `${left} rows are still under another key (${second.skipped} could not be read: see the log). Run again once the cause is fixed.`,
      );
      return 1;
    }
    if (retire && context.keyring.source === 'directory') {
      const retired = context.keyring
        .list()
        .filter((key) => key.id !== active)
        .map((key) => key.id);
      for (const id of retired) fs.rmSync(path.join(keysDir, `${id}.key`), { force: true });
      console.log(`Removed ${retired.length} old key files. Backups made before this rotation can no longer be read.`);
    } else {
      console.log('Old keys are kept so that backups made before this rotation stay readable.');
    }
    return 0;
  } finally {
    await app.close();
    await database.destroy();
  }
}

rotate().then(
  (code) => process.exit(code),
  (error) => {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `Key rotation failed: ${error instanceof Error ? error.message : error}`,
    );
    process.exit(1);
  },
);
