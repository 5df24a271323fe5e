import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { addClientAndService, addStoredFileColumns, createIndexes } from './table-parts.js';

/**
 * Files may sit at a service's top level, beside its folders (issue 9): `files.folder_id` becomes
 * nullable. SQLite cannot drop a NOT NULL constraint, so there the table is rebuilt with the same
 * columns, rows, ids and indexes; nothing references `files`, so the rebuild breaks no foreign key.
 */
export const createTopLevelFilesMigration = defineMigration(async (db, { dialect, timestamp, createTableWithId }) => {
  if (dialect === 'postgres') {
    await db.schema
      .alterTable('files')
      .alterColumn('folder_id', (column) => column.dropNotNull())
      .execute();
  } else {
    await createTableWithId('files_next')
      .$call(addClientAndService)
      .addColumn('folder_id', 'integer', (column) => column.references('folders.id'))
      .$call(addStoredFileColumns(timestamp))
      .addColumn('key_id', 'varchar(32)')
      .execute();
    const columns = sql.raw(
      'id, client_id, service_id, folder_id, file_name, store_name, size_bytes, mime_type, sha256, notes, client_can_delete, uploaded_by, created_at, key_id',
    );
    await sql`insert into files_next (${columns}) select ${columns} from files`.execute(db);
    await db.schema.dropTable('files').execute();
    await db.schema.alterTable('files_next').renameTo('files').execute();
    await createIndexes(db, 'files', {
      files_folder_index: ['folder_id', 'created_at'],
      files_client_index: ['client_id', 'created_at'],
      files_key_index: ['key_id'],
    });
  }
  // The files at a service's top level, newest first, without reading the service's other files.
  await db.schema
    .createIndex('files_top_level_index')
    .on('files')
    .columns(['client_id', 'service_id', 'id'])
    .where(sql.ref('folder_id'), 'is', null)
    .execute();
});
