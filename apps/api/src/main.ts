import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { removeFormerAppKeyFile } from './bootstrap/app-key.js';
import { ensureFirstAdmin } from './bootstrap/first-admin.js';
import { removeStaleUploads } from './bootstrap/stale-uploads.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig } from './config.js';
import { compactAfterRewrite, databaseOptionsFor, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { sealDataAtRest } from './modules/key-rotation/encrypt-at-rest.service.js';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

function describeStartupError(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') return 'Cannot start: the port is already in use (set PORT to another port).';
  if (code === 'ECONNREFUSED') return 'Cannot start: the database at DATABASE_URL refused the connection.';
  return `Cannot start: ${error instanceof Error ? error.message : String(error)}`;
}

async function start(): Promise<void> {
  // Every file and folder the server creates in DATA_DIR is its user's alone (docs/security.md).
  process.umask(0o077);
  const loaded = loadConfig(process.env);
  const config = loaded;
  const database = openDatabase(databaseOptionsFor(config));
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.destroy();
    throw error;
  }
  const { app, context, scheduler } = await buildApp({ config, database, clock: systemClock, webRoot: WEB_ROOT });
  app.addHook('onClose', async () => database.destroy());
  // Here, not in buildApp: it belongs to the process's start, before listening, when no upload of this
  // process can be in flight (tests and the demo seed build apps too, the seed while a server may run).
  // The scheduler repeats it hourly while the process runs (modules/housekeeping/housekeeping.ts).
  await removeStaleUploads(config.dataDir, systemClock.now(), app.log).catch((error) =>
    app.log.warn({ err: error }, 'Could not clean up DATA_DIR/tmp'),
  );

  if (removeFormerAppKeyFile(config.dataDir))
    app.log.info('Removed DATA_DIR/app-key: links are now signed with a key derived from the data key');
  // Before listening: nothing written before encryption at rest may be served or stay in plaintext, and
  // no Aadhaar number written before the vault stays in a sub-form (docs/decisions/0044).
  const sealed = await sealDataAtRest(context, 'plaintext');
  if (sealed.users + sealed.files + sealed.documents + sealed.skipped > 0)
    app.log.info(
      sealed,
      'Encrypted data written before encryption at rest (user secrets, files, documents) and moved Aadhaar numbers into the vault',
    );
  // The rows just rewritten held plaintext or numbers: leave no old copy of them in the database files either.
  if (sealed.users > 0) {
    // A whole-file VACUUM on SQLite: minutes on a large database, so the operator is told before it starts.
    app.log.info('Compacting the database so no plaintext copy of those rows remains; a large one takes minutes');
    const started = Date.now();
    await compactAfterRewrite(database, ['users']);
    app.log.info({ ms: Date.now() - started }, 'Database compacted');
  }
  if (config.encryptionKey && !config.aadhaarKey)
    app.log.warn(
      'ENCRYPTION_KEY is set but AADHAAR_KEY is not: the Aadhaar vault key is in DATA_DIR/keys/aadhaar. Set AADHAAR_KEY (a key of its own) when several processes share the database or DATA_DIR is not kept.',
    );

  const admin = await ensureFirstAdmin(context);
  if (admin) {
    const password = admin.generatedPassword
      ? `password ${admin.generatedPassword} (shown only this once: sign in and choose your own at once)`
      : 'the password from ADMIN_PASSWORD';
    console.log(`First admin created: sign in as ${admin.email} (username ${admin.username}) with ${password}.`);
  }

  let closing = false;
  const shutDown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing open requests, then stopping`);
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutDown('SIGTERM'));
  process.once('SIGINT', () => shutDown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // After listening: scheduled work (housekeeping, one process of all on the database per due time) is
  // no reason to delay serving. app.close() stops it (docs/deployment.md, "Scheduled work").
  scheduler.start();
  console.log(`Portal ready at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);
}

start().catch((error) => {
  console.error(describeStartupError(error));
  process.exit(1);
});
