import { type Kysely, PostgresAdapter } from 'kysely';
import type { DialectName } from './database.js';

/** Which database a Kysely instance (or one of its transactions) talks to, for SQL only one of them has. */
export function dialectOf(db: Kysely<unknown>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
