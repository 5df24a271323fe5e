import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { recordAudit } from '../audit/audit.service.js';

type RequestAction =
  | 'request.create'
  | 'request.remind'
  | 'request.accept'
  | 'request.reject'
  | 'request.complete'
  | 'request.cancel'
  | 'request.link_resend'
  | 'request.link_revoke';

/** Which request an event is of: the request and its client, under whom the activity log files it. */
type RequestOfEvent = { requestId: number; clientId: number };

/** Who made the change and when (a change's `ChangeBy` is one). */
type EventBy = {
  /** Null: the portal itself (a scheduled reminder, a request cancelled as its item closed by a rule). */
  actorId: number | null;
  at: Date;
  ip?: string | undefined;
};

/**
 * One event of a document request in the activity log (issue 25), in the change's transaction, filed under
 * the request's client. Ids and counts only: a document's name, the firm's message and a rejection's
 * reason stay on the request.
 */
export function recordRequestEvent(
  db: Kysely<DB>,
  action: RequestAction,
  request: RequestOfEvent,
  by: EventBy,
  details?: Record<string, unknown>,
): Promise<void> {
  return recordAudit(db, {
    actorId: by.actorId,
    action,
    entityType: 'document_request',
    entityId: request.requestId,
    subjectId: request.clientId,
    ...(details ? { details } : {}),
    ...(by.ip ? { ip: by.ip } : {}),
    at: by.at,
  });
}
