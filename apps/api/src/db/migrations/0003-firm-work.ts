import { defineMigration } from '../migration-helpers.js';
import {
  actedOnBy,
  addClientAndService,
  addCreatedAndUpdated,
  addCreator,
  createIndexes,
  ofService,
  ownedByUser,
  required,
} from './table-parts.js';

/** Who handles which service of which client, family members, and user links. */
export const createFirmWorkMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('service_assignments')
    .$call(addClientAndService)
    .addColumn('pc_id', 'integer', actedOnBy)
    .addColumn('executor_id', 'integer', actedOnBy)
    .addColumn('mpc_id', 'integer', actedOnBy)
    .$call(addCreatedAndUpdated(timestamp))
    .addUniqueConstraint('service_assignments_client_service_unique', ['client_id', 'service_id'])
    .execute();
  for (const column of ['pc_id', 'executor_id', 'mpc_id']) {
    await db.schema
      .createIndex(`service_assignments_${column}_index`)
      .on('service_assignments')
      .column(column)
      .execute();
  }

  await createTableWithId('family_members')
    .addColumn('client_id', 'integer', ownedByUser)
    .addColumn('member_name', 'varchar(200)', required)
    .addColumn('mobile_number', 'varchar(20)', required)
    .addColumn('email_id', 'varchar(254)', required)
    .addColumn('service_id', 'integer', ofService)
    .$call(addCreator(timestamp))
    .execute();
  await createIndexes(db, 'family_members', { family_members_client_index: ['client_id'] });

  await createTableWithId('user_links')
    .addColumn('owner_id', 'integer', ownedByUser)
    .addColumn('label', 'varchar(100)', required)
    .addColumn('value', 'varchar(2000)', required)
    .addColumn('created_at', timestamp, required)
    .execute();
  await createIndexes(db, 'user_links', { user_links_owner_index: ['owner_id'] });
});
