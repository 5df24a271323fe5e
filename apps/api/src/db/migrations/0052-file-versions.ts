import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { actedOnBy, addFileContentColumns, createIndexes, ownedByUser, partOf, required } from './table-parts.js';

/**
 * File versions (issue 24, docs/decisions/0037): uploading a file under the name of one already in the
 * same place keeps the earlier content here and the `files` row stays the current version, so every list,
 * count and link is still one row per file. `version_count` (current included) lets a list say "3
 * versions" without a query per row. A version keeps what a stored blob needs (client, store name, key).
 * The firm chooses how many versions a file keeps (`firm_settings.file_versions_kept`, null: 10).
 */
export const fileVersionsMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await db.schema
    .alterTable('files')
    .addColumn('version_count', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await createTableWithId('file_versions')
    .addColumn('file_id', 'integer', partOf('files'))
    .addColumn('client_id', 'integer', ownedByUser)
    .$call(addFileContentColumns)
    .addColumn('key_id', 'varchar(32)')
    .addColumn('uploaded_by', 'integer', actedOnBy)
    .addColumn('created_at', timestamp, required)
    .execute();
  // A file's versions, newest first (the list, the trimming of the oldest).
  await createIndexes(db, 'file_versions', {
    file_versions_file_index: ['file_id', 'id'],
    file_versions_key_index: ['key_id'],
  });
  // The file an upload of the same name in the same place becomes a version of (findSameNameFile).
  await db.schema
    .createIndex('files_same_name_index')
    .on('files')
    .expression(sql`client_id, service_id, coalesce(folder_id, 0), lower(file_name)`)
    .execute();
  await db.schema.alterTable('firm_settings').addColumn('file_versions_kept', 'integer').execute();
});
