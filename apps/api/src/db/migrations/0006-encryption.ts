import { defineMigration } from '../migration-helpers.js';
import { createIndexes } from './table-parts.js';

/**
 * Which key protects what (docs/security.md). Null marks what was written before encryption at rest:
 * the start-up task encrypts those rows and files and fills the column in; `keys:rotate` finds what
 * an older key still protects through these indexed columns instead of reading every file.
 */
export const createEncryptionMigration = defineMigration(async (db) => {
  // '' = the row holds no sealed value; a key id = its sealed values are under that key.
  await db.schema.alterTable('users').addColumn('secrets_key_id', 'varchar(32)').execute();
  await db.schema.alterTable('files').addColumn('key_id', 'varchar(32)').execute();
  await db.schema.alterTable('user_documents').addColumn('key_id', 'varchar(32)').execute();
  await createIndexes(db, 'users', { users_secrets_key_index: ['secrets_key_id'] });
  await createIndexes(db, 'files', { files_key_index: ['key_id'] });
  await createIndexes(db, 'user_documents', { user_documents_key_index: ['key_id'] });
});
