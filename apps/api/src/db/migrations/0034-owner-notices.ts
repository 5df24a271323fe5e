import { defineMigration } from '../migration-helpers.js';
import { actedOnBy, createIndexes, createUserSetTable, ownedByUser, required } from './table-parts.js';

/**
 * What the firm's MPC hears about its firm's work (issue 22, docs/notifications.md, "The owner's notices"):
 * - `notice_opt_outs`, the bell's notices a user turned off (no row: wanted), beside `mail_opt_outs`;
 * - `firm_feed`, what the MPC's dashboard lists as "Recently filed" and "Documents received": one row per
 *   filing or received document, written in the change's transaction whatever the MPC hears, read as one
 *   index range per firm and kind (`firm_id, kind, id`), newest first.
 */
export const createOwnerNoticesMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createUserSetTable(db, timestamp, {
    table: 'notice_opt_outs',
    primaryKey: 'notice_opt_outs_pkey',
    member: ['kind', 'varchar(30)', required],
  });

  await createTableWithId('firm_feed')
    .addColumn('firm_id', 'integer', ownedByUser)
    // 'filed' (a work item filed or completed) or 'received' (a client's upload, an accepted document).
    .addColumn('kind', 'varchar(20)', required)
    .addColumn('client_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (column) => column.references('services.id').onDelete('set null'))
    .addColumn('work_item_id', 'integer', (column) => column.references('work_items.id').onDelete('cascade'))
    .addColumn('request_id', 'integer', (column) => column.references('document_requests.id').onDelete('set null'))
    .addColumn('folder_id', 'integer', (column) => column.references('folders.id').onDelete('set null'))
    // A work item's title, or a document's name, as it read then.
    .addColumn('subject', 'varchar(255)', required)
    .addColumn('ack_number', 'varchar(50)')
    // The India date it happened (a filing's own date when given), yyyy-mm-dd.
    .addColumn('happened_on', 'varchar(10)', required)
    .addColumn('actor_id', 'integer', actedOnBy)
    .addColumn('created_at', timestamp, required)
    .execute();
  await createIndexes(db, 'firm_feed', {
    firm_feed_firm_kind_index: ['firm_id', 'kind', 'id'],
    // Deleting a user, a work item or a folder finds the rows that name them.
    firm_feed_client_index: ['client_id'],
    firm_feed_work_item_index: ['work_item_id'],
    firm_feed_folder_index: ['folder_id'],
    firm_feed_actor_index: ['actor_id'],
  });
});
