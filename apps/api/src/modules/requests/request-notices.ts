import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { notifyUsers } from '../notifications/notify-users.js';

/** The work item a request belongs to, as the bell names it and who works on it. */
type RequestWork = {
  id: number;
  title: string;
  client_id: number;
  service_id: number;
  firm_id: number;
  assignee_id: number | null;
};

const about = (work: RequestWork, requestId: number) => ({
  workItemId: work.id,
  clientId: work.client_id,
  serviceId: work.service_id,
  requestId,
  subject: work.title,
});

/**
 * The bell's side of document requests (docs/notifications.md), each inside the transaction of the change
 * that caused it. The client hears of a request and of a document turned back; staff hear of an upload:
 * the item's assignee and whoever asked, or the firm's MPC when neither is there.
 */
export function noticeRequestMade(
  db: Kysely<DB>,
  event: { work: RequestWork; requestId: number; actorId: number; documents: string[]; at: Date },
): Promise<number> {
  return notifyUsers(db, {
    recipients: [event.work.client_id],
    kind: 'request_made',
    actorId: event.actorId,
    ...about(event.work, event.requestId),
    detail: event.documents.join(', '),
    at: event.at,
  });
}

/** Who hears of an upload against a request: the item's assignee and whoever asked, else the firm's MPC. */
export function staffOfUpload(work: RequestWork, askedBy: number | null): number[] {
  const staff = [work.assignee_id, askedBy].filter((id): id is number => id !== null);
  return staff.length > 0 ? staff : [work.firm_id];
}

export function noticeRequestUpload(
  db: Kysely<DB>,
  event: { work: RequestWork; requestId: number; askedBy: number | null; actorId: number; document: string; at: Date },
): Promise<number> {
  return notifyUsers(db, {
    recipients: staffOfUpload(event.work, event.askedBy),
    kind: 'request_upload',
    actorId: event.actorId,
    ...about(event.work, event.requestId),
    detail: event.document,
    at: event.at,
  });
}

export function noticeDocumentRejected(
  db: Kysely<DB>,
  event: { work: RequestWork; requestId: number; actorId: number; document: string; reason: string; at: Date },
): Promise<number> {
  return notifyUsers(db, {
    recipients: [event.work.client_id],
    kind: 'request_rejected',
    actorId: event.actorId,
    ...about(event.work, event.requestId),
    detail: `${event.document}: ${event.reason}`,
    at: event.at,
  });
}
