import type { NotificationKind } from '@portal/contract/notifications';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { insertNotifications } from './notifications.repository.js';

/** What happened, to whom, about what (docs/notifications.md). */
export type NotifyInput = {
  recipients: readonly (number | null | undefined)[];
  kind: NotificationKind;
  /** Who caused it (null: the portal itself); never notified of its own doing. */
  actorId?: number | null;
  workItemId?: number | null;
  clientId?: number | null;
  serviceId?: number | null;
  requestId?: number | null;
  /** What it is about as it reads now: a work item's title, a service's name (at most 200 characters). */
  subject: string;
  /** The one value that changed: a status, a due date, a document's name, a reason (at most 500). */
  detail?: string | null;
  /** At most one notification per recipient and key, however often or wherever this runs. */
  dedupeKey?: string;
  at: Date;
};

/**
 * The one way code tells users something happened. Call it inside the transaction of the change that
 * caused it, so the notification exists exactly when the change does. Recipients are de-duplicated and
 * the actor left out; answers how many notifications were added.
 */
export async function notifyUsers(db: Kysely<DB>, input: NotifyInput): Promise<number> {
  const recipients = [...new Set(input.recipients)].filter(
    (id): id is number => typeof id === 'number' && id !== input.actorId,
  );
  const createdAt = input.at.toISOString();
  return insertNotifications(
    db,
    recipients.map((userId) => ({
      user_id: userId,
      kind: input.kind,
      actor_id: input.actorId ?? null,
      client_id: input.clientId ?? null,
      service_id: input.serviceId ?? null,
      work_item_id: input.workItemId ?? null,
      request_id: input.requestId ?? null,
      subject: input.subject.slice(0, 200),
      detail: input.detail ? input.detail.slice(0, 500) : null,
      dedupe_key: input.dedupeKey ?? null,
      read_at: null,
      created_at: createdAt,
    })),
  );
}
