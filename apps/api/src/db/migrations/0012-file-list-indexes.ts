import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { createIndexes } from './table-parts.js';

/**
 * Folder contents are read a page at a time in the order the indexes hold (docs/performance.md): a
 * folder's files and a client's recent files newest first by id, a level's folders by name. The old
 * `(folder_id, created_at)` and `(client_id, created_at)` indexes ordered by a column no query sorts by,
 * so every listing sorted all of a folder's or client's files; they are replaced.
 */
export const createFileListIndexesMigration = defineMigration(async (db) => {
  await db.schema.dropIndex('files_folder_index').execute();
  await db.schema.dropIndex('files_client_index').execute();
  await createIndexes(db, 'files', {
    files_folder_order_index: ['folder_id', 'id'],
    files_client_order_index: ['client_id', 'id'],
  });
  // A client's files counted per service (a service is not taken away while it holds files).
  await createIndexes(db, 'files', { files_client_service_index: ['client_id', 'service_id'] });
  await sql`create index folders_listing_index on folders (client_id, service_id, parent_id, lower(folder_name), id)`.execute(
    db,
  );
});
