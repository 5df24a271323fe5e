import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { type NotifyInput, notifyUsers } from '../notifications/notify-users.js';

/** The work item a request belongs to, as the bell names it and who works on it. */
type RequestWork = {
  id: number;
  title: string;
  client_id: number;
  service_id: number;
  firm_id: number;
  assignee_id: number | null;
};

/** What every notice of a request says: who acted when, on which request of which work item. */
type RequestEvent = { work: RequestWork; requestId: number; actorId: number; at: Date };

function noticeAboutRequest(
  db: Kysely<DB>,
  event: RequestEvent,
  notice: { recipients: number[]; kind: NotifyInput['kind']; detail: string },
): Promise<number> {
  return notifyUsers(db, {
    recipients: notice.recipients,
    kind: notice.kind,
    actorId: event.actorId,
    workItemId: event.work.id,
    clientId: event.work.client_id,
    serviceId: event.work.service_id,
    requestId: event.requestId,
    subject: event.work.title,
    detail: notice.detail,
    at: event.at,
  });
}

/**
 * The bell's side of document requests (docs/notifications.md), each inside the transaction of the change
 * that caused it. The client hears of a request and of a document turned back; staff hear of an upload:
 * the item's assignee and whoever asked, or the firm's MPC when neither is there.
 */
export function noticeRequestMade(db: Kysely<DB>, event: RequestEvent & { documents: string[] }): Promise<number> {
  return noticeAboutRequest(db, event, {
    recipients: [event.work.client_id],
    kind: 'request_made',
    detail: event.documents.join(', '),
  });
}

/** Who hears of an upload against a request: the item's assignee and whoever asked, else the firm's MPC. */
export function staffOfUpload(work: RequestWork, askedBy: number | null): number[] {
  const staff = [work.assignee_id, askedBy].filter((id): id is number => id !== null);
  return staff.length > 0 ? staff : [work.firm_id];
}

export function noticeRequestUpload(
  db: Kysely<DB>,
  event: RequestEvent & { askedBy: number | null; document: string },
): Promise<number> {
  return noticeAboutRequest(db, event, {
    recipients: staffOfUpload(event.work, event.askedBy),
    kind: 'request_upload',
    detail: event.document,
  });
}

export function noticeDocumentRejected(
  db: Kysely<DB>,
  event: RequestEvent & { document: string; reason: string },
): Promise<number> {
  return noticeAboutRequest(db, event, {
    recipients: [event.work.client_id],
    kind: 'request_rejected',
    detail: `${event.document}: ${event.reason}`,
  });
}
