import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
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
