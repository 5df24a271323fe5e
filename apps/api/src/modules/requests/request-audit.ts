import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { type ChangeMade, recordClientEvent } from '../audit/audit.service.js';

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
  request: { requestId: number; clientId: number },
  by: ChangeMade,
  details?: Record<string, unknown>,
): Promise<void> {
  const record = { type: 'document_request' as const, id: request.requestId, clientId: request.clientId };
  return recordClientEvent(db, action, record, by, details);
}
