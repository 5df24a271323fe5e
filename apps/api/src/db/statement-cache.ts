import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Enough for every query the portal compiles (a few hundred shapes), small next to SQLite's page cache. */
const STATEMENT_CACHE_SIZE = 500;

/** What the cache has done, for tests and diagnostics. */
export type StatementCacheStats = { readonly prepared: number; readonly cached: number };

/**
 * The SQLite connection as Kysely's SqliteDialect uses it, with each distinct SQL text prepared once.
 * Kysely calls `prepare(sql)` for every query it runs; compiling the SQL again each time was 12-18 % of
 * the CPU of `GET /api/me`. Statements are kept in least-recently-used order and bounded, since SQL that
 * inlines a list (`in (?, ?, ?)`) gives a new text per length.
 *
 * Reusing a better-sqlite3 statement is safe here: `all()` and `run()` are synchronous and bind their
 * parameters afresh on every call, so nothing is left over between queries or transactions, and SQLite
 * prepares a statement again by itself when the schema changed under it (migrations). The one call that
 * spans time is `iterate()` (Kysely's `stream()`): a statement still iterating is "busy" and cannot run
 * again, so the same SQL meanwhile gets a statement of its own, not cached.
 */
export class StatementCachingDatabase implements SqliteDatabase {
  readonly #connection: SQLite.Database;
  readonly #limit: number;
  // A Map iterates in insertion order: a hit moves its entry to the end, so the first is the oldest.
  readonly #statements = new Map<string, SQLite.Statement>();
  #prepared = 0;

  constructor(connection: SQLite.Database, limit = STATEMENT_CACHE_SIZE) {
    this.#connection = connection;
    this.#limit = limit;
  }

  prepare(sql: string): SQLite.Statement {
    const cached = this.#statements.get(sql);
    if (cached && !cached.busy) {
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    const statement = this.#connection.prepare(sql);
    this.#prepared += 1;
    if (cached) return statement;
    this.#statements.set(sql, statement);
    if (this.#statements.size > this.#limit) {
      const oldest = this.#statements.keys().next().value as string;
      this.#statements.delete(oldest);
    }
    return statement;
  }

  close(): void {
    this.#statements.clear();
    this.#connection.close();
  }

  get stats(): StatementCacheStats {
    return { prepared: this.#prepared, cached: this.#statements.size };
  }
}
