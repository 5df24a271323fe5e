import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from './database.js';

/** Column types that differ per dialect, so a migration reads the same on both. */
export function columnTypes(dialect: DialectName) {
  return {
    timestamp: dialect === 'postgres' ? ('timestamptz' as const) : ('text' as const),
    id: dialect === 'postgres' ? ('serial' as const) : ('integer' as const),
  };
}

export function addIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
  name = 'id',
): CreateTableBuilder<T, never> {
  const { id } = columnTypes(dialect);
  return table.addColumn(name, id, (column: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey(),
  );
}

/** What a migration's `up` is given besides the database: its dialect and that dialect's column types. */
export type MigrationContext = ReturnType<typeof columnTypes> & {
  dialect: DialectName;
  /** `create table <name>` whose first column is the dialect's auto-increment `id` (addIdColumn). */
  createTableWithId<T extends string>(name: T): CreateTableBuilder<T, never>;
};

/**
 * A migration as db/migrate.ts lists it, `(dialect) => Migration`, written as its `up` alone. The
 * wrapper adds no statement: `up` runs exactly what its body runs (docs/decisions/0003).
 */
export function defineMigration(up: (db: Kysely<unknown>, context: MigrationContext) => Promise<void>) {
  return (dialect: DialectName): Migration => ({
    up: (db: Kysely<unknown>) =>
      up(db, {
        dialect,
        ...columnTypes(dialect),
        createTableWithId: (name) => addIdColumn(db.schema.createTable(name), dialect),
      }),
  });
}
