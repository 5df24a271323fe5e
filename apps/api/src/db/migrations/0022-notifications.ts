import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { actedOnBy, createIndexes, createUserSetTable, ownedByUser, required } from './table-parts.js';

/**
 * Notifications and the mail about work (docs/notifications.md, docs/decisions/0024):
 * - `notifications`, one row per recipient, read a page at a time newest first (`user_id, id`) with the
 *   unread ones counted through a partial index; `dedupe_key` makes a repeated notice (the daily due and
 *   overdue pass, on any number of processes) one row per recipient and key;
 * - `mail_opt_outs`, the mail kinds a user turned off (no row: the mail is wanted);
 * - `mail_outbox.dedupe_key`, unique: a message that must go once (a user's digest of one India date) is
 *   claimed by the very statement that queues it, so it goes once whatever the number of processes or
 *   restarts, and is never lost between a claim and its queueing;
 * - `digest_days`, the India dates whose digest pass finished, so later passes that day cost one read;
 * - work items by (is_open, due_date): the daily passes read the open items due soon or overdue, across
 *   firms, as one index range.
 */
export const createNotificationsMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('notifications')
    .addColumn('user_id', 'integer', ownedByUser)
    .addColumn('kind', 'varchar(30)', required)
    .addColumn('actor_id', 'integer', actedOnBy)
    .addColumn('client_id', 'integer', (column) => column.references('users.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (column) => column.references('services.id').onDelete('set null'))
    .addColumn('work_item_id', 'integer', (column) => column.references('work_items.id').onDelete('cascade'))
    // A document request (built beside this, issue 13); tied to its table when that arrives.
    .addColumn('request_id', 'integer')
    // What it is about, as it read then (a work item's title, a service's name), and the one value
    // that changed (a status, a due date, a document's name).
    .addColumn('subject', 'varchar(200)', required)
    .addColumn('detail', 'varchar(500)')
    .addColumn('dedupe_key', 'varchar(100)')
    .addColumn('read_at', timestamp)
    .addColumn('created_at', timestamp, required)
    .addUniqueConstraint('notifications_user_dedupe_unique', ['user_id', 'dedupe_key'])
    .execute();
  await createIndexes(db, 'notifications', { notifications_user_index: ['user_id', 'id'] });
  await sql`create index notifications_unread_index on notifications (user_id) where read_at is null`.execute(db);
  // Deleting a user or a work item finds the rows that name them.
  await createIndexes(db, 'notifications', {
    notifications_work_item_index: ['work_item_id'],
    notifications_client_index: ['client_id'],
    notifications_actor_index: ['actor_id'],
  });

  await createUserSetTable(db, timestamp, {
    table: 'mail_opt_outs',
    primaryKey: 'mail_opt_outs_pkey',
    member: ['kind', 'varchar(30)', required],
  });

  // A message that must go once (a user's digest of one day, a reminder): its key is claimed by the
  // same statement that queues it, on any number of processes.
  await db.schema.alterTable('mail_outbox').addColumn('dedupe_key', 'varchar(100)').execute();
  await db.schema.createIndex('mail_outbox_dedupe_unique').on('mail_outbox').column('dedupe_key').unique().execute();

  await db.schema
    .createTable('digest_days')
    .addColumn('digest_date', 'varchar(10)', (column) => column.primaryKey())
    .addColumn('finished_at', timestamp, required)
    .execute();

  await createIndexes(db, 'work_items', { work_items_open_due_index: ['is_open', 'due_date'] });
});
