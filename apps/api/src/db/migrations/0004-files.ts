import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.js';
import { addIdColumn, columnTypes } from '../migration-helpers.js';

/** Per-service client folders and the files in them (docs/api-conventions.md). */
export function createFilesMigration(dialect: DialectName) {
  const { timestamp } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addIdColumn(db.schema.createTable('folders'), dialect)
        .addColumn('client_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('service_id', 'integer', (column) => column.notNull().references('services.id'))
        .addColumn('parent_id', 'integer', (column) => column.references('folders.id'))
        .addColumn('folder_name', 'varchar(100)', (column) => column.notNull())
        .addColumn('created_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
      // Sibling names are unique whatever their case; the top level has no parent, hence coalesce.
      await db.schema
        .createIndex('folders_sibling_name_unique')
        .on('folders')
        .unique()
        .expression(sql`client_id, service_id, coalesce(parent_id, 0), lower(folder_name)`)
        .execute();
      await db.schema.createIndex('folders_parent_index').on('folders').column('parent_id').execute();

      await addIdColumn(db.schema.createTable('files'), dialect)
        .addColumn('client_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('service_id', 'integer', (column) => column.notNull().references('services.id'))
        .addColumn('folder_id', 'integer', (column) => column.notNull().references('folders.id'))
        .addColumn('file_name', 'varchar(255)', (column) => column.notNull())
        .addColumn('store_name', 'varchar(64)', (column) => column.notNull().unique())
        .addColumn('size_bytes', 'bigint', (column) => column.notNull())
        .addColumn('mime_type', 'varchar(150)', (column) => column.notNull())
        .addColumn('sha256', 'char(64)', (column) => column.notNull())
        .addColumn('notes', 'varchar(1000)')
        .addColumn('client_can_delete', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('uploaded_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('files_folder_index').on('files').columns(['folder_id', 'created_at']).execute();
      await db.schema.createIndex('files_client_index').on('files').columns(['client_id', 'created_at']).execute();
    },
  };
}
