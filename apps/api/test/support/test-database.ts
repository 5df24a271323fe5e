import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, type DialectName, openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/** SQLite always; PostgreSQL as well when TEST_DATABASE_URL names a server. */
export function listTestDialects(): DialectName[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export type TestDatabase = { database: Database; dataDir: string; drop(): Promise<void> };

/** A fresh, migrated database per call: a temporary SQLite file or a throw-away PostgreSQL schema. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  if (dialect === 'sqlite') {
    const database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') });
    await migrateToLatest(database);
    return {
      database,
      dataDir,
      drop: async () => {
        await database.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase({ kind: 'postgres', url, schema });
  const drop = async () => {
    await database.destroy();
    const cleaner = new pg.Client({ connectionString: url });
    await cleaner.connect();
    await cleaner.query(`drop schema ${schema} cascade`);
    await cleaner.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(database);
  } catch (error) {
    await drop();
    throw error;
  }
  return { database, dataDir, drop };
}
