import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { addIdColumn, columnTypes } from '../migration-helpers.js';

/** Who handles which service of which client, family members, and user links. */
export function createFirmWorkMigration(dialect: DialectName) {
  const { timestamp } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addIdColumn(db.schema.createTable('service_assignments'), dialect)
        .addColumn('client_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('service_id', 'integer', (column) => column.notNull().references('services.id'))
        .addColumn('pc_id', 'integer', (column) => column.references('users.id').onDelete('set null'))
        .addColumn('executor_id', 'integer', (column) => column.references('users.id').onDelete('set null'))
        .addColumn('mpc_id', 'integer', (column) => column.references('users.id').onDelete('set null'))
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .addUniqueConstraint('service_assignments_client_service_unique', ['client_id', 'service_id'])
        .execute();
      for (const column of ['pc_id', 'executor_id', 'mpc_id']) {
        await db.schema
          .createIndex(`service_assignments_${column}_index`)
          .on('service_assignments')
          .column(column)
          .execute();
      }

      await addIdColumn(db.schema.createTable('family_members'), dialect)
        .addColumn('client_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('member_name', 'varchar(200)', (column) => column.notNull())
        .addColumn('mobile_number', 'varchar(20)', (column) => column.notNull())
        .addColumn('email_id', 'varchar(254)', (column) => column.notNull())
        .addColumn('service_id', 'integer', (column) => column.notNull().references('services.id'))
        .addColumn('created_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('family_members_client_index').on('family_members').column('client_id').execute();

      await addIdColumn(db.schema.createTable('user_links'), dialect)
        .addColumn('owner_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('label', 'varchar(100)', (column) => column.notNull())
        .addColumn('value', 'varchar(2000)', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('user_links_owner_index').on('user_links').column('owner_id').execute();
    },
  };
}
