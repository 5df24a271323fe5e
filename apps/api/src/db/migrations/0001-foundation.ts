import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import {
  actedOnBy,
  addCreatedAndUpdated,
  addCreatorAndTimestamps,
  createIndexes,
  ownedByUser,
  required,
} from './table-parts.js';

/** Roles, users, tokens, sign-in failures, services and the audit log (docs/api-conventions.md). */
export const createFoundationMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await db.schema
    .createTable('roles')
    .addColumn('role_id', 'integer', (column) => column.primaryKey())
    .addColumn('name', 'varchar(20)', (column) => column.notNull().unique())
    .addColumn('label', 'varchar(50)', required)
    .execute();
  await db
    .insertInto('roles' as never)
    .values([
      { role_id: 1, name: 'admin', label: 'Admin' },
      { role_id: 2, name: 'mpc', label: 'MPC' },
      { role_id: 3, name: 'pc', label: 'PC' },
      { role_id: 4, name: 'executor', label: 'Executor' },
      { role_id: 5, name: 'client', label: 'Client' },
    ] as never)
    .execute();

  await createTableWithId('users')
    .addColumn('role_id', 'integer', (column) => column.notNull().references('roles.role_id'))
    .addColumn('firm_id', 'integer', (column) => column.references('users.id'))
    .addColumn('created_by', 'integer', actedOnBy)
    .addColumn('first_name', 'varchar(100)', required)
    .addColumn('last_name', 'varchar(100)', required)
    .addColumn('email', 'varchar(254)', required)
    .addColumn('username', 'varchar(100)', (column) => column.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', required)
    .addColumn('mobile_number', 'varchar(20)')
    .addColumn('alternate_mobile_number', 'varchar(20)')
    .addColumn('alternate_email_id', 'varchar(254)')
    .addColumn('address', 'varchar(500)')
    .addColumn('pincode', 'varchar(6)')
    .addColumn('city', 'varchar(100)')
    .addColumn('state', 'varchar(100)')
    .addColumn('country', 'varchar(2)')
    .addColumn('qualification', 'varchar(20)')
    .addColumn('practice_since', 'varchar(10)')
    .addColumn('pan_number', 'varchar(10)')
    .addColumn('gst_number', 'varchar(15)')
    .addColumn('tan_number', 'varchar(10)')
    .addColumn('client_status_id', 'integer')
    .addColumn('additional_data', 'text')
    .addColumn('assign_service_type', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('status', 'varchar(20)', required)
    .$call(addCreatedAndUpdated(timestamp))
    .addCheckConstraint('users_status_check', sql`status in ('created', 'active', 'deactivated')`)
    .execute();
  await db.schema.createIndex('users_email_unique').on('users').unique().expression(sql`lower(email)`).execute();
  await createIndexes(db, 'users', {
    users_role_firm_index: ['role_id', 'firm_id'],
    users_created_by_index: ['created_by'],
  });

  await createTableWithId('access_tokens')
    .addColumn('user_id', 'integer', ownedByUser)
    .addColumn('token_hash', 'char(64)', (column) => column.notNull().unique())
    .addColumn('created_at', timestamp, required)
    .addColumn('last_used_at', timestamp, required)
    .addColumn('expires_at', timestamp, required)
    .addColumn('ip', 'varchar(45)')
    .addColumn('user_agent', 'varchar(255)')
    .execute();
  await createIndexes(db, 'access_tokens', { access_tokens_user_index: ['user_id'] });

  await createTableWithId('login_failures')
    .addColumn('account_key', 'varchar(300)', required)
    .addColumn('ip', 'varchar(45)', required)
    .addColumn('created_at', timestamp, required)
    .execute();
  await createIndexes(db, 'login_failures', {
    login_failures_account_index: ['account_key', 'created_at'],
    login_failures_ip_index: ['ip', 'created_at'],
  });

  await createTableWithId('services')
    .addColumn('service_name', 'varchar(100)', required)
    .$call(addCreatorAndTimestamps(timestamp))
    .execute();
  await db.schema
    .createIndex('services_name_unique')
    .on('services')
    .unique()
    .expression(sql`lower(service_name)`)
    .execute();

  await createTableWithId('audit_log')
    .addColumn('actor_id', 'integer', actedOnBy)
    .addColumn('action', 'varchar(100)', required)
    .addColumn('entity_type', 'varchar(50)')
    .addColumn('entity_id', 'integer')
    .addColumn('ip', 'varchar(45)')
    .addColumn('details', 'text')
    .addColumn('created_at', timestamp, required)
    .execute();
  await createIndexes(db, 'audit_log', { audit_log_created_index: ['created_at'] });
});
