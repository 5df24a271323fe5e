import { defineMigration } from '../migration-helpers.js';
import {
  actedOnBy,
  addCreatorAndTimestamps,
  addFirmClientAndService,
  addUpdater,
  createIndexes,
  partOf,
  required,
} from './table-parts.js';

/**
 * Document requests (docs/compliance-calendar.md, docs/decisions/0023): a checklist asked of a client
 * from a work item, each document's uploads and review, one row per mail sent about a request (the
 * claim that makes a reminder go once, whatever the number of servers), and each firm's settings.
 */
export const createDocumentRequestsMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('document_requests')
    .addColumn('work_item_id', 'integer', partOf('work_items'))
    // The client's firm, client and service, kept on the request so a list reads one index range.
    .$call(addFirmClientAndService)
    .addColumn('message', 'varchar(2000)')
    .addColumn('due_date', 'varchar(10)', required)
    .addColumn('status', 'varchar(12)', required)
    // The work item's status when the request found it, given back when the request completes.
    .addColumn('work_status_before', 'varchar(20)', required)
    .addColumn('reminders_sent', 'integer', required)
    // When the last mail about it was claimed, and when the next reminder is due (open requests
    // only): the last mail plus the firm's interval.
    .addColumn('last_mailed_at', timestamp, required)
    .addColumn('next_reminder_at', timestamp)
    .$call(addCreatorAndTimestamps(timestamp))
    .addColumn('closed_at', timestamp)
    .addColumn('closed_by', 'integer', actedOnBy)
    .execute();
  await createIndexes(db, 'document_requests', {
    document_requests_work_index: ['work_item_id', 'id'],
    document_requests_client_status_due_index: ['client_id', 'status', 'due_date', 'id'],
    document_requests_firm_status_due_index: ['firm_id', 'status', 'due_date', 'id'],
    document_requests_reminder_index: ['status', 'next_reminder_at'],
  });

  await createTableWithId('document_request_items')
    .addColumn('request_id', 'integer', partOf('document_requests'))
    .addColumn('position', 'integer', required)
    .addColumn('name', 'varchar(200)', required)
    .addColumn('status', 'varchar(10)', required)
    .addColumn('reason', 'varchar(500)')
    .addColumn('reviewed_by', 'integer', actedOnBy)
    .addColumn('reviewed_at', timestamp)
    .addColumn('updated_at', timestamp, required)
    .execute();
  await createIndexes(db, 'document_request_items', {
    document_request_items_request_index: ['request_id', 'position'],
  });

  // The files uploaded against one document; a file deleted from the folder leaves its document.
  await createTableWithId('document_request_files')
    .addColumn('item_id', 'integer', partOf('document_request_items'))
    .addColumn('file_id', 'integer', partOf('files'))
    .addColumn('created_at', timestamp, required)
    .execute();
  await createIndexes(db, 'document_request_files', {
    document_request_files_item_index: ['item_id', 'id'],
    document_request_files_file_index: ['file_id'],
  });

  // Mail number 0 is the request itself, 1.. its reminders: a mail is queued only by the transaction
  // that inserted its row, so of two servers (or a restart) one sends it, once.
  await db.schema
    .createTable('document_request_mails')
    .addColumn('request_id', 'integer', partOf('document_requests'))
    .addColumn('number', 'integer', required)
    .addColumn('created_at', timestamp, required)
    .addPrimaryKeyConstraint('document_request_mails_pkey', ['request_id', 'number'])
    .execute();

  await db.schema
    .createTable('firm_settings')
    .addColumn('firm_id', 'integer', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('request_reminder_days', 'integer', required)
    .$call(addUpdater(timestamp))
    .execute();
});
