import { defineMigration } from '../migration-helpers.js';
import {
  actedOnBy,
  addCreatorAndTimestamps,
  addFirmAndClient,
  createIndexes,
  partOf,
  required,
} from './table-parts.js';

/**
 * The registers (issue 22, docs/decisions/0032): a client's digital signature certificates and their
 * custody moves, and a work item's UDIN with the date its document was signed. The firm-wide lists read
 * their own index ranges: certificates by (firm, valid_until, id), signed items by (firm, signed_on, id).
 */
export const registersMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('dsc_certificates')
    .$call(addFirmAndClient)
    .addColumn('holder_name', 'varchar(100)', required)
    .addColumn('class', 'varchar(20)', required)
    .addColumn('issued_by', 'varchar(100)', required)
    .addColumn('valid_from', 'varchar(10)')
    .addColumn('valid_until', 'varchar(10)', required)
    .addColumn('token_serial', 'varchar(50)')
    .addColumn('custody', 'varchar(10)', required)
    .addColumn('notes', 'varchar(500)')
    .$call(addCreatorAndTimestamps(timestamp))
    .execute();
  await createIndexes(db, 'dsc_certificates', {
    dsc_certificates_firm_expiry_index: ['firm_id', 'valid_until', 'id'],
    dsc_certificates_client_index: ['client_id', 'valid_until', 'id'],
  });
  await createTableWithId('dsc_custody_events')
    .addColumn('certificate_id', 'integer', partOf('dsc_certificates'))
    .addColumn('direction', 'varchar(3)', required)
    .addColumn('on_date', 'varchar(10)', required)
    .addColumn('person', 'varchar(100)', required)
    .addColumn('note', 'varchar(200)')
    .addColumn('recorded_by', 'integer', actedOnBy)
    .addColumn('created_at', timestamp, required)
    .execute();
  await createIndexes(db, 'dsc_custody_events', { dsc_custody_events_certificate_index: ['certificate_id', 'id'] });
  await db.schema.alterTable('work_items').addColumn('udin', 'varchar(18)').execute();
  await db.schema.alterTable('work_items').addColumn('signed_on', 'varchar(10)').execute();
  await createIndexes(db, 'work_items', { work_items_firm_signed_index: ['firm_id', 'signed_on', 'id'] });
});
