import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLE_ID } from '@portal/contract/roles';
import { buildApp } from './app.js';
import { actorOfUser } from './auth/actor.js';
import { DEMO_PASSWORD, seedDemoData } from './bootstrap/demo-data.js';
import { ensureFirstAdmin } from './bootstrap/first-admin.js';
import { systemClock } from './clock.js';
import { ConfigError, loadCommandConfig } from './config.js';
import { databaseOptionsFor, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';

/** `npm run seed:demo`: demo firms in the database `npm start` uses, and how to sign in as each role. */
async function seed(): Promise<void> {
  const config = loadCommandConfig();
  const database = openDatabase(databaseOptionsFor(config));
  await migrateToLatest(database);
  const { app, context } = await buildApp({ config, database, clock: systemClock });
  try {
    const created = await ensureFirstAdmin(context);
    const admin = await context.db
      .selectFrom('users')
      .selectAll()
      .where('role_id', '=', ROLE_ID.admin)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const accounts = await seedDemoData(context, actorOfUser(admin));
    const adminPassword =
      created?.generatedPassword ?? (created ? 'the ADMIN_PASSWORD you set' : 'your existing admin password');
    console.log(
      `\nDemo data is ready in ${config.databaseUrl ? 'PostgreSQL' : path.join(config.dataDir, 'portal.sqlite')}.`,
    );
    // The address the configured portal answers at (APP_URL, else HOST and PORT), not a fixed localhost.
    console.log(`Sign in at ${config.appUrl} (start the portal with npm start):\n`);
    console.log(`  admin     ${admin.email} (username ${admin.username}) with ${adminPassword}`);
    for (const account of accounts) {
      const note = account.status === 'created' ? '  (first sign-in completes the registration)' : '';
      console.log(
        `  ${account.role.padEnd(9)} ${account.email} (username ${account.username}) with ${DEMO_PASSWORD}${note}`,
      );
    }
  } finally {
    await app.close();
    await database.destroy();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  seed().catch((error) => {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `Seeding failed: ${error instanceof Error ? error.message : error}`,
    );
    process.exit(1);
  });
}
