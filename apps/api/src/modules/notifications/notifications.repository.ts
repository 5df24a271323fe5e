import type { Insertable, Kysely } from 'kysely';
import { countRows } from '../../db/count-rows.js';
import { insertNewRows } from '../../db/insert-new-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import type { DB, NotificationsTable } from '../../db/schema.js';

/**
 * Rows of new notifications; one that repeats a recipient's `dedupe_key` is skipped, not an error, so a
 * notice any number of processes or runs may raise exists once. Answers how many were added.
 */
export function insertNotifications(db: Kysely<DB>, rows: Insertable<NotificationsTable>[]): Promise<number> {
  return insertNewRows(db, 'notifications', rows, ['user_id', 'dedupe_key']);
}

/**
 * A page of one recipient's notifications, newest first, with the names they show: the page's ids are
 * picked from the index `(user_id, id)` alone, so a deep page skips index entries, never rows with their
 * names.
 */
export function listNotificationsOf(db: Kysely<DB>, userId: number, page: { offset: number; limit: number }) {
  const pageIds = db
    .selectFrom('notifications as picked')
    .select('picked.id')
    .where('picked.user_id', '=', userId)
    .orderBy('picked.id', 'desc')
    .offset(page.offset)
    .limit(page.limit);
  return db
    .selectFrom('notifications')
    .$call(joinPersonName('actor', 'notifications.actor_id'))
    .$call(joinPersonName('client', 'notifications.client_id'))
    .select([
      'notifications.id',
      'notifications.kind',
      'notifications.actor_id',
      'notifications.client_id',
      'notifications.service_id',
      'notifications.work_item_id',
      'notifications.request_id',
      'notifications.subject',
      'notifications.detail',
      'notifications.read_at',
      'notifications.created_at',
    ])
    .where('notifications.id', 'in', pageIds)
    .orderBy('notifications.id', 'desc')
    .execute();
}

export type NotificationRow = Awaited<ReturnType<typeof listNotificationsOf>>[number];

export async function countNotificationsOf(db: Kysely<DB>, userId: number): Promise<number> {
  return countRows(db.selectFrom('notifications').where('user_id', '=', userId));
}

/** The unread ones, through the partial index that holds only them. */
export async function countUnreadOf(db: Kysely<DB>, userId: number): Promise<number> {
  return countRows(db.selectFrom('notifications').where('user_id', '=', userId).where('read_at', 'is', null));
}

/**
 * Marks read the recipient's unread notifications among `ids` (every one when `ids` is absent). The
 * recipient is part of the statement: an id of someone else's changes nothing.
 */
export async function markReadOf(db: Kysely<DB>, userId: number, ids: number[] | 'all', at: string): Promise<number> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Everything on the bells and the owner's feed about a client, and the client's own bell (its erasure). */
export async function deleteNoticesAboutClient(db: Kysely<DB>, clientId: number): Promise<number> {
  const about = await db
    .deleteFrom('notifications')
    .where((eb) => eb.or([eb('client_id', '=', clientId), eb('user_id', '=', clientId)]))
    .executeTakeFirst();
  const feed = await db.deleteFrom('firm_feed').where('client_id', '=', clientId).executeTakeFirst();
  return Number(about.numDeletedRows) + Number(feed.numDeletedRows);
}
