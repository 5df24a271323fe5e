import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { addClientAndService, addCreator, addStoredFileColumns, createIndexes, required } from './table-parts.js';

/** Per-service client folders and the files in them (docs/api-conventions.md). */
export const createFilesMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('folders')
    .$call(addClientAndService)
    .addColumn('parent_id', 'integer', (column) => column.references('folders.id'))
    .addColumn('folder_name', 'varchar(100)', required)
    .$call(addCreator(timestamp))
    .execute();
  // Sibling names are unique whatever their case; the top level has no parent, hence coalesce.
  await db.schema
    .createIndex('folders_sibling_name_unique')
    .on('folders')
    .unique()
    .expression(sql`client_id, service_id, coalesce(parent_id, 0), lower(folder_name)`)
    .execute();
  await createIndexes(db, 'folders', { folders_parent_index: ['parent_id'] });

  await createTableWithId('files')
    .$call(addClientAndService)
    .addColumn('folder_id', 'integer', (column) => column.notNull().references('folders.id'))
    .$call(addStoredFileColumns(timestamp))
    .execute();
  await createIndexes(db, 'files', {
    files_folder_index: ['folder_id', 'created_at'],
    files_client_index: ['client_id', 'created_at'],
  });
});
