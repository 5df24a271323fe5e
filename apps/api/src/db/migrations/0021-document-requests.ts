import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { addIdColumn, columnTypes } from '../migration-helpers.js';

/**
 * Document requests (docs/compliance-calendar.md, docs/decisions/0023): a checklist asked of a client
 * from a work item, each document's uploads and review, one row per mail sent about a request (the
 * claim that makes a reminder go once, whatever the number of servers), and each firm's settings.
 */
export function createDocumentRequestsMigration(dialect: DialectName) {
  const { timestamp } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addIdColumn(db.schema.createTable('document_requests'), dialect)
        .addColumn('work_item_id', 'integer', (column) =>
          column.notNull().references('work_items.id').onDelete('cascade'),
        )
        // The client's firm, client and service, kept on the request so a list reads one index range.
        .addColumn('firm_id', 'integer', (column) => column.notNull())
        .addColumn('client_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('service_id', 'integer', (column) => column.notNull().references('services.id'))
        .addColumn('message', 'varchar(2000)')
        .addColumn('due_date', 'varchar(10)', (column) => column.notNull())
        .addColumn('status', 'varchar(12)', (column) => column.notNull())
        // The work item's status when the request found it, given back when the request completes.
        .addColumn('work_status_before', 'varchar(20)', (column) => column.notNull())
        .addColumn('reminders_sent', 'integer', (column) => column.notNull())
        // When the last mail about it was claimed, and when the next reminder is due (open requests
        // only): the last mail plus the firm's interval.
        .addColumn('last_mailed_at', timestamp, (column) => column.notNull())
        .addColumn('next_reminder_at', timestamp)
        .addColumn('created_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .addColumn('closed_at', timestamp)
        .addColumn('closed_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
        .execute();
      const indexes = {
        document_requests_work_index: ['work_item_id', 'id'],
        document_requests_client_status_due_index: ['client_id', 'status', 'due_date', 'id'],
        document_requests_firm_status_due_index: ['firm_id', 'status', 'due_date', 'id'],
        document_requests_reminder_index: ['status', 'next_reminder_at'],
      };
      for (const [name, columns] of Object.entries(indexes))
        await db.schema.createIndex(name).on('document_requests').columns(columns).execute();

      await addIdColumn(db.schema.createTable('document_request_items'), dialect)
        .addColumn('request_id', 'integer', (column) =>
          column.notNull().references('document_requests.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (column) => column.notNull())
        .addColumn('name', 'varchar(200)', (column) => column.notNull())
        .addColumn('status', 'varchar(10)', (column) => column.notNull())
        .addColumn('reason', 'varchar(500)')
        .addColumn('reviewed_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
        .addColumn('reviewed_at', timestamp)
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('document_request_items_request_index')
        .on('document_request_items')
        .columns(['request_id', 'position'])
        .execute();

      // The files uploaded against one document; a file deleted from the folder leaves its document.
      await addIdColumn(db.schema.createTable('document_request_files'), dialect)
        .addColumn('item_id', 'integer', (column) =>
          column.notNull().references('document_request_items.id').onDelete('cascade'),
        )
        .addColumn('file_id', 'integer', (column) => column.notNull().references('files.id').onDelete('cascade'))
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('document_request_files_item_index')
        .on('document_request_files')
        .columns(['item_id', 'id'])
        .execute();
      await db.schema
        .createIndex('document_request_files_file_index')
        .on('document_request_files')
        .column('file_id')
        .execute();

      // Mail number 0 is the request itself, 1.. its reminders: a mail is queued only by the transaction
      // that inserted its row, so of two servers (or a restart) one sends it, once.
      await db.schema
        .createTable('document_request_mails')
        .addColumn('request_id', 'integer', (column) =>
          column.notNull().references('document_requests.id').onDelete('cascade'),
        )
        .addColumn('number', 'integer', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint('document_request_mails_pkey', ['request_id', 'number'])
        .execute();

      await db.schema
        .createTable('firm_settings')
        .addColumn('firm_id', 'integer', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('request_reminder_days', 'integer', (column) => column.notNull())
        .addColumn('updated_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .execute();
    },
  };
}
