import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.js';
import { addIdColumn, columnTypes } from '../migration-helpers.js';

/**
 * Files may sit at a service's top level, beside its folders (issue 9): `files.folder_id` becomes
 * nullable. SQLite cannot drop a NOT NULL constraint, so there the table is rebuilt with the same
 * columns, rows, ids and indexes; nothing references `files`, so the rebuild breaks no foreign key.
 */
export function createTopLevelFilesMigration(dialect: DialectName) {
  const { timestamp } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        await db.schema
          .alterTable('files')
          .alterColumn('folder_id', (column) => column.dropNotNull())
          .execute();
      } else {
        await addIdColumn(db.schema.createTable('files_next'), dialect)
          .addColumn('client_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
          .addColumn('service_id', 'integer', (column) => column.notNull().references('services.id'))
          .addColumn('folder_id', 'integer', (column) => column.references('folders.id'))
          .addColumn('file_name', 'varchar(255)', (column) => column.notNull())
          .addColumn('store_name', 'varchar(64)', (column) => column.notNull().unique())
          .addColumn('size_bytes', 'bigint', (column) => column.notNull())
          .addColumn('mime_type', 'varchar(150)', (column) => column.notNull())
          .addColumn('sha256', 'char(64)', (column) => column.notNull())
          .addColumn('notes', 'varchar(1000)')
          .addColumn('client_can_delete', 'integer', (column) => column.notNull().defaultTo(0))
          .addColumn('uploaded_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
          .addColumn('created_at', timestamp, (column) => column.notNull())
          .addColumn('key_id', 'varchar(32)')
          .execute();
        const columns = sql.raw(
          'id, client_id, service_id, folder_id, file_name, store_name, size_bytes, mime_type, sha256, notes, client_can_delete, uploaded_by, created_at, key_id',
        );
        await sql`insert into files_next (${columns}) select ${columns} from files`.execute(db);
        await db.schema.dropTable('files').execute();
        await db.schema.alterTable('files_next').renameTo('files').execute();
        await db.schema.createIndex('files_folder_index').on('files').columns(['folder_id', 'created_at']).execute();
        await db.schema.createIndex('files_client_index').on('files').columns(['client_id', 'created_at']).execute();
        await db.schema.createIndex('files_key_index').on('files').column('key_id').execute();
      }
      // The files at a service's top level, newest first, without reading the service's other files.
      await db.schema
        .createIndex('files_top_level_index')
        .on('files')
        .columns(['client_id', 'service_id', 'id'])
        .where(sql.ref('folder_id'), 'is', null)
        .execute();
    },
  };
}
