import { defineMigration } from '../migration-helpers.js';
import { actedOnBy, addFirmAndClient, createIndexes, partOf, required } from './table-parts.js';

/**
 * Clients' rights requests (issue 25, docs/decisions/0042): what a client asked its firm about its personal
 * data, with the day it is due and its answer; each step in its own history; an access request's
 * downloads (only the SHA-256 of a download's one-time token is kept). The firm's queue reads its own
 * index ranges: open ones by (firm, is_open, due_date, id), one status by (firm, status, due_date, id),
 * all by (firm, due_date, id); a client's own by (client, id). The MPC lets a PC handle the queue
 * (`users.rights_granted`, 0 until then); the firm chooses the days it takes to answer all but grievances
 * (`firm_settings.rights_response_days`, null: 30).
 */
export const rightsRequestsMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('rights_requests')
    .$call(addFirmAndClient)
    .addColumn('kind', 'varchar(20)', required)
    .addColumn('details', 'varchar(2000)')
    .addColumn('status', 'varchar(12)', required)
    .addColumn('is_open', 'integer', required)
    .addColumn('due_date', 'varchar(10)', required)
    .addColumn('received_at', timestamp, required)
    .addColumn('answer', 'varchar(5000)')
    .addColumn('answered_at', timestamp)
    .addColumn('answered_by', 'integer', actedOnBy)
    .addColumn('close_reason', 'varchar(1000)')
    .addColumn('closed_at', timestamp)
    .addColumn('closed_by', 'integer', actedOnBy)
    .addColumn('updated_at', timestamp, required)
    .execute();
  await createIndexes(db, 'rights_requests', {
    rights_requests_firm_due_index: ['firm_id', 'due_date', 'id'],
    rights_requests_firm_open_index: ['firm_id', 'is_open', 'due_date', 'id'],
    rights_requests_firm_status_index: ['firm_id', 'status', 'due_date', 'id'],
    rights_requests_client_index: ['client_id', 'id'],
  });
  await createTableWithId('rights_request_events')
    .addColumn('request_id', 'integer', partOf('rights_requests'))
    .addColumn('action', 'varchar(20)', required)
    .addColumn('note', 'varchar(5000)')
    .addColumn('actor_id', 'integer', actedOnBy)
    .addColumn('created_at', timestamp, required)
    .execute();
  await createIndexes(db, 'rights_request_events', { rights_request_events_request_index: ['request_id', 'id'] });
  await createTableWithId('rights_downloads')
    .addColumn('request_id', 'integer', partOf('rights_requests'))
    .addColumn('prepared_by', 'integer', actedOnBy)
    .addColumn('prepared_at', timestamp, required)
    .addColumn('expires_at', timestamp, required)
    .addColumn('token_hash', 'char(64)', (column) => column.unique())
    .addColumn('link_created_at', timestamp)
    .addColumn('used_at', timestamp)
    .addColumn('replaced_at', timestamp)
    .execute();
  await createIndexes(db, 'rights_downloads', { rights_downloads_request_index: ['request_id', 'id'] });
  await db.schema
    .alterTable('users')
    .addColumn('rights_granted', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('firm_settings').addColumn('rights_response_days', 'integer').execute();
});
