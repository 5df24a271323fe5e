import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { actedOnBy, addUpdater, createIndexes, createUniqueIndexes, ownedByUser, required } from './table-parts.js';

/**
 * The firm's privacy notice and its users' consent, the data protection contacts, minors' guardians
 * (issue 25, docs/decisions/0041-privacy-notice-and-consent.md).
 *
 * - `privacy_notices`: each version a firm's MPC published (1, 2, ...), never changed once published.
 *   No row: the portal's default text is in force as version 0.
 * - `users.privacy_notice_version`: the firm's current version as its last publication set it on each of
 *   the firm's rows; `privacy_accepted_version` the version the user last accepted (-1: none, or withdrawn);
 *   `privacy_withdrawn_at` when a client withdrew. The token lookup reads all three with the user, so the
 *   acceptance gate costs no statement of its own.
 * - `privacy_consents`: every acceptance and withdrawal, with when, from where and the browser.
 * - `data_protection_contacts`: one per firm, and the platform's (no firm).
 * - `family_members`: a minor, and its parent or guardian.
 */
export const privacyMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await db.schema
    .alterTable('users')
    .addColumn('privacy_notice_version', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('privacy_accepted_version', 'integer', (column) => column.notNull().defaultTo(-1))
    .execute();
  await db.schema.alterTable('users').addColumn('privacy_withdrawn_at', timestamp).execute();
  // The MPC's "not yet accepted" list: a firm's range below the current version, in that order.
  await createIndexes(db, 'users', { users_firm_privacy_index: ['firm_id', 'privacy_accepted_version', 'id'] });

  await createTableWithId('privacy_notices')
    .addColumn('firm_id', 'integer', ownedByUser)
    .addColumn('version', 'integer', required)
    .addColumn('body', 'text', required)
    .addColumn('published_by', 'integer', actedOnBy)
    .addColumn('published_at', timestamp, required)
    .execute();
  await createUniqueIndexes(db, 'privacy_notices', { privacy_notices_firm_version_unique: ['firm_id', 'version'] });

  await createTableWithId('privacy_consents')
    .addColumn('user_id', 'integer', ownedByUser)
    .addColumn('firm_id', 'integer', ownedByUser)
    .addColumn('kind', 'varchar(12)', required)
    .addColumn('version', 'integer', required)
    .addColumn('notice_sha256', 'char(64)')
    .addColumn('ip', 'varchar(45)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('created_at', timestamp, required)
    .execute();
  await createIndexes(db, 'privacy_consents', {
    privacy_consents_firm_index: ['firm_id', 'id'],
    privacy_consents_user_index: ['user_id', 'id'],
  });

  await createTableWithId('data_protection_contacts')
    .addColumn('firm_id', 'integer', (column) => column.references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', required)
    .addColumn('email', 'varchar(254)', required)
    .addColumn('phone', 'varchar(20)', required)
    .$call(addUpdater(timestamp))
    .execute();
  // One row per firm and one for the platform (no firm): a second one for either is refused.
  await sql`create unique index data_protection_contacts_scope_unique on data_protection_contacts ((coalesce(firm_id, 0)))`.execute(
    db,
  );

  await db.schema
    .alterTable('family_members')
    .addColumn('is_minor', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('family_members').addColumn('guardian_name', 'varchar(200)').execute();
  await db.schema.alterTable('family_members').addColumn('guardian_relation', 'varchar(20)').execute();
});
