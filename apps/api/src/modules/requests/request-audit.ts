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

/**
 * One event of a document request in the activity log (issue 25), in the change's transaction, filed under
 * the request's client. Ids and counts only: a document's name, the firm's message and a rejection's
 * reason stay on the request.
 */
export function recordRequestEvent(
  db: Kysely<DB>,
  action: RequestAction,
  event: {
    requestId: number;
    clientId: number;
    /** Null: the portal itself (a scheduled reminder, a request cancelled as its item closed by a rule). */
    actorId: number | null;
    at: Date;
    ip?: string | undefined;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  return recordAudit(db, {
    actorId: event.actorId,
    action,
    entityType: 'document_request',
    entityId: event.requestId,
    subjectId: event.clientId,
    ...(event.details ? { details: event.details } : {}),
    ...(event.ip ? { ip: event.ip } : {}),
    at: event.at,
  });
}
