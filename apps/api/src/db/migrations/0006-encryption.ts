import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Which key protects what (docs/security.md). Null marks what was written before encryption at rest:
 * the start-up task encrypts those rows and files and fills the column in; `keys:rotate` finds what
 * an older key still protects through these indexed columns instead of reading every file.
 */
export function createEncryptionMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // '' = the row holds no sealed value; a key id = its sealed values are under that key.
      await db.schema.alterTable('users').addColumn('secrets_key_id', 'varchar(32)').execute();
      await db.schema.alterTable('files').addColumn('key_id', 'varchar(32)').execute();
      await db.schema.alterTable('user_documents').addColumn('key_id', 'varchar(32)').execute();
      await db.schema.createIndex('users_secrets_key_index').on('users').column('secrets_key_id').execute();
      await db.schema.createIndex('files_key_index').on('files').column('key_id').execute();
      await db.schema.createIndex('user_documents_key_index').on('user_documents').column('key_id').execute();
    },
  };
}
