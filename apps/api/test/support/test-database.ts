import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, type DialectName, openDatabase, type QueryObserver } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { nameThrowaway } from './throwaway-names.js';

/** SQLite always; PostgreSQL as well when TEST_DATABASE_URL names a server. */
export function listTestDialects(): DialectName[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export type TestDatabase = {
  database: Database;
  dataDir: string;
  /** Runs the migrations after `upTo` (see createTestDatabase), as a later start of the portal would. */
  migrateRest(): Promise<void>;
  /** Another connection (pool) to the same database, as a second portal process would open; the caller destroys it. */
  openAnother(): Database;
  drop(): Promise<void>;
};

/**
 * Kysely's migrator looks for its tables through every schema of the database; a schema that another
 * test worker drops in that moment fails the lookup ("schema ... does not exist"). Migrations hold this
 * advisory lock shared and drops hold it alone, so no schema disappears under a migration.
 */
const SCHEMA_DROP_LOCK = 7_441_002;

/**
 * A fresh, migrated database per call: a temporary SQLite file or a throw-away PostgreSQL schema.
 * `upTo` stops after that migration, for a test of what a later one does with rows already there;
 * `observeQuery` sees every statement run.
 */
export async function createTestDatabase(
  dialect: DialectName,
  options: { upTo?: string; observeQuery?: QueryObserver } = {},
): Promise<TestDatabase> {
  const { observeQuery, ...migration } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'portal.sqlite');
    const database = openDatabase({ kind: 'sqlite', file, observeQuery });
    await migrateToLatest(database, migration);
    return {
      database,
      dataDir,
      migrateRest: () => migrateToLatest(database),
      openAnother: () => openDatabase({ kind: 'sqlite', file }),
      drop: async () => {
        await database.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = nameThrowaway('test');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const database = openDatabase({ kind: 'postgres', url, schema, observeQuery });
  const drop = async () => {
    await database.destroy();
    const cleaner = new pg.Client({ connectionString: url });
    await cleaner.connect();
    // Waits for every migration in progress: see SCHEMA_DROP_LOCK. The lock ends with the session.
    await cleaner.query('select pg_advisory_lock($1)', [SCHEMA_DROP_LOCK]);
    await cleaner.query(`drop schema ${schema} cascade`);
    await cleaner.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  /** Migrates holding SCHEMA_DROP_LOCK shared (for the client's session), so no schema is dropped meanwhile. */
  const migrateHolding = async (client: pg.Client, upTo: { upTo?: string }) => {
    await client.query('select pg_advisory_lock_shared($1)', [SCHEMA_DROP_LOCK]);
    await migrateToLatest(database, upTo);
  };
  const migrateRest = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await migrateHolding(client, {});
    } finally {
      await client.end();
    }
  };
  try {
    await migrateHolding(admin, options);
  } catch (error) {
    await admin.end();
    await drop();
    throw error;
  }
  await admin.end();
  return { database, dataDir, migrateRest, openAnother: () => openDatabase({ kind: 'postgres', url, schema }), drop };
}

/** A database stopped after migration `upTo`, handed to `run` and dropped afterwards: a migration test's frame. */
export async function runOnDatabaseUpTo(
  dialect: DialectName,
  upTo: string,
  run: (test: TestDatabase) => Promise<void>,
): Promise<void> {
  const test = await createTestDatabase(dialect, { upTo });
  try {
    await run(test);
  } finally {
    await test.drop();
  }
}
