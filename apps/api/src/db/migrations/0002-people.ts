import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { createIndexes, createUserSetTable, ofService, ownedByUser, required } from './table-parts.js';

const CLIENT_STATUSES = [
  [1, 'Individual', 'Individual'],
  [2, 'H.U.F.', 'Huf'],
  [3, 'Firm', 'Firm'],
  [4, 'AOP (Including Private Discretionary Trust)', null],
  [5, 'AOP Trust (Only for ITR-7 Cases)', null],
  [6, 'Body Of Individual', null],
  [7, 'Artificial Jurdicial Person', null],
  [8, 'Co-Operative Society', null],
  [9, 'Company Public Interested', 'CompanyPublicInterested'],
  [10, 'Company Public Not Interested', 'CompanyPublicNotInterested'],
  [11, 'Company Private', null],
  [12, 'Local Authority', 'LocalAuthority'],
] as const;

/** Nature of service per user, user documents, client statuses; postal codes of clients abroad. */
export const createPeopleMigration = defineMigration(async (db, { dialect, timestamp, createTableWithId }) => {
  await createUserSetTable(db, timestamp, {
    table: 'user_services',
    primaryKey: 'user_services_pk',
    member: ['service_id', 'integer', ofService],
  });
  await createIndexes(db, 'user_services', { user_services_service_index: ['service_id'] });

  await createTableWithId('user_documents')
    .addColumn('user_id', 'integer', ownedByUser)
    .addColumn('document_type', 'varchar(30)', required)
    .addColumn('store_name', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('original_name', 'varchar(255)', required)
    .addColumn('mime_type', 'varchar(100)', required)
    .addColumn('size_bytes', 'integer', required)
    .addColumn('created_at', timestamp, required)
    .addUniqueConstraint('user_documents_user_type_unique', ['user_id', 'document_type'])
    .execute();

  await db.schema
    .createTable('client_statuses')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('label', 'varchar(100)', required)
    .addColumn('template', 'varchar(50)')
    .execute();
  await db
    .insertInto('client_statuses' as never)
    .values(CLIENT_STATUSES.map(([id, label, template]) => ({ id, label, template })) as never)
    .execute();

  // A client abroad has a foreign postal code; SQLite does not enforce lengths, PostgreSQL does.
  if (dialect === 'postgres') {
    await sql`alter table users alter column pincode type varchar(10)`.execute(db);
  }
  await createIndexes(db, 'users', { users_firm_index: ['firm_id'] });
});
