import { type Migration, Migrator } from 'kysely';
import type { Database } from './database.js';
import { createFoundationMigration } from './migrations/0001-foundation.js';

/** Forward-only: each entry runs once, in name order; a shipped migration is never edited. */
function listMigrations(dialect: Database['dialect']): Record<string, Migration> {
  return {
    '0001-foundation': createFoundationMigration(dialect),
  };
}

export async function migrateToLatest(database: Database): Promise<void> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => listMigrations(database.dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
