import type { NotificationPage, NotificationReadAnswer } from '@portal/contract/notifications';
import type { PageQuery } from '@portal/contract/paging';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failForbidden } from '../../http/http-error.js';
import { readPage } from '../../http/paged.js';
import { notificationRecipientOf } from '../../policy/notifications.policy.js';
import { presentNotification } from './notification.presenter.js';
import {
  countNotificationsOf,
  countUnreadOf,
  deleteNoticesAboutClient,
  listNotificationsOf,
  markReadOf,
} from './notifications.repository.js';

/** The caller as the recipient its lists are scoped to (the access table's `notification.read` rows). */
function recipientOf(actor: Actor): number {
  const recipient = notificationRecipientOf(actor);
  if (recipient === null) failForbidden();
  return recipient;
}

/** `GET /api/notifications`: a page of the caller's own, newest first, and its unread count. */
export async function listOwnNotifications(
  context: AppContext,
  actor: Actor,
  query: PageQuery,
): Promise<NotificationPage> {
  const recipient = recipientOf(actor);
  const [page, unread] = await Promise.all([
    readPage(
      query,
      () => countNotificationsOf(context.db, recipient),
      (offset, limit) => listNotificationsOf(context.db, recipient, { offset, limit }),
      (row) => presentNotification(row, recipient),
    ),
    countUnreadOf(context.db, recipient),
  ]);
  return { ...page, unread };
}

/** `POST /api/notifications/read`: some of the caller's own (ids of anyone else's change nothing), or all. */
export async function markOwnNotificationsRead(
  context: AppContext,
  actor: Actor,
  input: { ids?: number[] | undefined; all?: true | undefined },
): Promise<NotificationReadAnswer> {
  const recipient = recipientOf(actor);
  const at = context.clock.now().toISOString();
  const marked = await markReadOf(context.db, recipient, input.all ? 'all' : [...new Set(input.ids ?? [])], at);
  return { marked, unread: await countUnreadOf(context.db, recipient) };
}

/** Erasing a client (the `retention` module): notices name it, so they go, and its own bell with them. */
export function eraseNoticesAbout(db: Kysely<DB>, clientId: number): Promise<number> {
  return deleteNoticesAboutClient(db, clientId);
}
