import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { ensurePrivateDirSync, ensurePrivateFileSync } from '../storage/private-paths.js';
import { EventLoopTurnsPlugin, TurnTakingSqliteDialect } from './event-loop-turns.js';
import type { DB } from './schema.js';
import { type StatementCacheStats, StatementCachingDatabase } from './statement-cache.js';

export type DialectName = 'sqlite' | 'postgres';

export type Database = {
  db: Kysely<DB>;
  dialect: DialectName;
  /** The PostgreSQL schema in use when not the default (tests use one each). */
  schema?: string;
  /** SQLite: how many statements were prepared and are kept (db/statement-cache.ts). */
  statements?: () => StatementCacheStats;
  destroy(): Promise<void>;
};

/** Sees every statement run (the query-plan test reads them); nothing in the server sets it. */
export type QueryObserver = (query: { sql: string; parameters: readonly unknown[] }) => void;

type DatabaseOptions = (
  | {
      kind: 'sqlite';
      file: string;
      /** How long statements may hold the event loop before waiting I/O runs (db/event-loop-turns.ts). */
      turnBudgetMs?: number;
    }
  | { kind: 'postgres'; url: string; schema?: string }
) & {
  observeQuery?: QueryObserver;
};

const observe = (observer: QueryObserver | undefined) =>
  observer ? { log: (event: LogEvent) => observer(event.query) } : {};

const PG_INT8 = 20;
const PG_TIMESTAMPTZ = 1184;

/** pg hands back int8 as text and timestamptz as Date; both dialects answer numbers and ISO text instead. */
function readPostgresType(oid: number, format?: string): (value: string) => unknown {
  if (oid === PG_INT8) return (value) => Number(value);
  if (oid === PG_TIMESTAMPTZ) return (value) => new Date(value).toISOString();
  return pg.types.getTypeParser(oid, format as 'text');
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.kind === 'sqlite') {
    // Private to the server's user whatever the umask; SQLite gives its -wal and -shm files the
    // database file's mode, and older ones are fixed here too.
    ensurePrivateDirSync(path.dirname(options.file));
    for (const file of [options.file, `${options.file}-wal`, `${options.file}-shm`]) {
      if (file === options.file || fs.existsSync(file)) ensurePrivateFileSync(file);
    }
    const connection = new SQLite(options.file);
    connection.pragma('journal_mode = WAL');
    // Deleted and overwritten content is zeroed, not left in free pages of the file (docs/security.md).
    connection.pragma('secure_delete = ON');
    connection.pragma('foreign_keys = ON');
    connection.pragma('busy_timeout = 5000');
    // Kysely prepares every query afresh; this keeps each SQL text's statement (docs/decisions/0014).
    const statements = new StatementCachingDatabase(connection);
    const db = new Kysely<DB>({
      dialect: new TurnTakingSqliteDialect({ database: statements }, options.turnBudgetMs),
      plugins: [new EventLoopTurnsPlugin(options.turnBudgetMs)],
      ...observe(options.observeQuery),
    });
    return { db, dialect: 'sqlite', statements: () => statements.stats, destroy: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: 10,
    types: { getTypeParser: readPostgresType } as pg.CustomTypesConfig,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), ...observe(options.observeQuery) });
  return {
    db,
    dialect: 'postgres',
    ...(options.schema ? { schema: options.schema } : {}),
    destroy: () => db.destroy(),
  };
}

export function databaseOptionsFor(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'sqlite', file: path.join(config.dataDir, 'portal.sqlite') };
}

/**
 * After rows were rewritten to remove plaintext (the one-time encryption of data written before
 * encryption at rest), old versions of them may linger in free pages (SQLite) or dead tuples
 * (PostgreSQL) of the files on disk: this rewrites them away. Heavy, so only after such a rewrite.
 */
export async function compactAfterRewrite(database: Pick<Database, 'db' | 'dialect'>, tables: string[]): Promise<void> {
  if (database.dialect === 'sqlite') {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
    await sql`vacuum`.execute(database.db);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
    return;
  }
  for (const table of tables) await sql`vacuum full ${sql.table(table)}`.execute(database.db);
}
