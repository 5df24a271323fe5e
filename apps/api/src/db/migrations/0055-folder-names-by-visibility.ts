import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';

/**
 * Sibling folder names are unique per visibility (docs/decisions/0039): a client naming a folder like a
 * firm-only one it cannot see gets its folder, not "already exists" (which would tell it the name), and a
 * request's period folder is made shared beside a firm-only one of the same name.
 */
export const folderNamesByVisibilityMigration = defineMigration(async (db) => {
  await db.schema.dropIndex('folders_sibling_name_unique').execute();
  await db.schema
    .createIndex('folders_sibling_name_unique')
    .on('folders')
    .unique()
    .expression(sql`client_id, service_id, coalesce(parent_id, 0), lower(folder_name), visibility`)
    .execute();
});
