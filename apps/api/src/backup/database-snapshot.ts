import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { openDatabase } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { runPgTool } from './pg-tools.js';

/**
 * One consistent state of the database, open for reading while the backup pins the files it names
 * (docs/decisions/0016). `save` writes that same state into the backup.
 */
export type DatabaseSnapshot = {
  db: Kysely<DB>;
  save(file: string): Promise<void>;
  close(): Promise<void>;
};

// Pages per step of SQLite's online backup: all of them, so the copy is one read transaction (one
// snapshot of a WAL database) and writes of the running portal neither wait nor restart it.
const ALL_PAGES = 0x7fffffff;

/** SQLite: the online backup API into `file`, then the copy itself is read (and needs no -wal beside it). */
export async function takeSqliteSnapshot(liveFile: string, file: string): Promise<DatabaseSnapshot> {
  fs.rmSync(file, { force: true });
  const source = new SQLite(liveFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(file, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const copy = new SQLite(file, { fileMustExist: true });
  copy.pragma('journal_mode = DELETE');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: copy }) });
  return {
    db,
    save: async () => {
      // The snapshot already is the file.
    },
    close: () => db.destroy(),
  };
}

/**
 * PostgreSQL: a read-only repeatable-read transaction exports its snapshot; the file list is read in it
 * and pg_dump dumps exactly that snapshot (`--snapshot`), so both see the same committed rows.
 */
export async function takePostgresSnapshot(url: string): Promise<DatabaseSnapshot> {
  const database = openDatabase({ kind: 'postgres', url });
  try {
    const transaction = await database.db
      .startTransaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute();
    const exported = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(transaction);
    const snapshotId = exported.rows[0]?.id as string;
    return {
      db: transaction,
      save: (file) =>
        runPgTool(
          'pg_dump',
          ['--format=custom', `--snapshot=${snapshotId}`, '--no-owner', '--no-privileges', `--file=${file}`],
          url,
        ),
      close: async () => {
        await transaction.rollback().execute();
        await database.destroy();
      },
    };
  } catch (error) {
    await database.destroy();
    throw error;
  }
}
