import type { Notification, NotificationKind } from '@portal/contract/notifications';
import { formatIndianDate } from '@portal/contract/plain-dates';
import { WORK_STATUS_LABELS, type WorkStatus } from '@portal/contract/work';
import { fullName } from '../../db/person-name.js';
import type { NotificationRow } from './notifications.repository.js';

type Words = { actor: string | null; client: string | null; subject: string; detail: string | null };

const statusLabel = (status: string | null) => WORK_STATUS_LABELS[status as WorkStatus] ?? status ?? '';
/** "GSTR-3B · Apr 2026 (Meena Traders)"; a client reading about its own work is not named to itself. */
const about = (words: Words) => (words.client ? `${words.subject} (${words.client})` : words.subject);

/** The sentence the bell shows for each kind, from what the row names (people's names read live). */
const SENTENCES: Record<NotificationKind, (words: Words) => string> = {
  service_assigned: (w) => `${w.actor ?? 'Your firm'} assigned you ${w.subject}${w.client ? ` of ${w.client}` : ''}.`,
  work_assigned: (w) => `${w.actor ?? 'The portal'} assigned you ${about(w)}.`,
  work_status: (w) =>
    w.actor
      ? `${w.actor} moved ${about(w)} to ${statusLabel(w.detail)}.`
      : `${about(w)} moved to ${statusLabel(w.detail)}.`,
  work_due_soon: (w) => `${about(w)} is due on ${formatIndianDate(w.detail ?? '')}.`,
  work_overdue: (w) => `${about(w)} is overdue: it was due on ${formatIndianDate(w.detail ?? '')}.`,
  work_review_requested: (w) => `${w.actor ?? 'The portal'} asked you to review ${about(w)}.`,
  work_reviewed: (w) =>
    w.detail === 'verified' || w.detail === 'filed' || w.detail === 'completed'
      ? `${w.actor ?? 'The reviewer'} verified ${about(w)}.`
      : `${w.actor ?? 'The reviewer'} returned ${about(w)} for changes (${statusLabel(w.detail)}).`,
  request_made: (w) =>
    `${w.actor ?? 'Your firm'} asked you for documents for ${w.subject}${w.detail ? `: ${w.detail}` : ''}.`,
  request_upload: (w) => `${w.client ?? 'The client'} uploaded ${w.detail ?? 'a document'} for ${w.subject}.`,
  request_rejected: (w) =>
    `${w.actor ?? 'Your firm'} could not accept a document for ${w.subject}${w.detail ? `: ${w.detail}` : ''}.`,
  // The owner's notices (to the firm's MPC): `detail` is "Filed, ARN …", or the document's name.
  owner_work_filed: (w) => `${w.actor ?? 'Your firm'} marked ${about(w)} ${w.detail ?? 'filed'}.`,
  owner_document_accepted: (w) => `${w.actor ?? 'Your firm'} accepted ${w.detail ?? 'a document'} for ${about(w)}.`,
  owner_client_upload: (w) => `${w.client ?? 'A client'} uploaded ${w.detail ?? 'a file'} to ${w.subject}.`,
  // Rights requests (issue 25): `subject` is the kind's words; `detail` the due date (to staff).
  rights_requested: (w) =>
    `${w.client ?? 'A client'} made a data request: ${w.subject}${w.detail ? `, due ${formatIndianDate(w.detail)}` : ''}.`,
  rights_answered: (w) => `${w.actor ?? 'Your firm'} answered your data request: ${w.subject}.`,
  rights_closed: (w) => `${w.actor ?? 'Your firm'} refused or closed your data request: ${w.subject}.`,
  rights_download_ready: (w) =>
    `${w.actor ?? 'Your firm'} prepared the download of your data${w.detail ? `; it works once, until ${w.detail}` : ''}.`,
  consent_withdrawn: (w) => `${w.client ?? 'A client'} withdrew consent to the processing of their personal data.`,
};

/** One notification as its recipient (`readerId`) reads it: a client is not named to itself. */
export function presentNotification(row: NotificationRow, readerId: number): Notification {
  const actor = row.actor_id !== null ? fullName(row.actor_first_name, row.actor_last_name) : null;
  const client =
    row.client_id !== null && row.client_id !== readerId ? fullName(row.client_first_name, row.client_last_name) : null;
  const kind = row.kind as NotificationKind;
  const sentence = SENTENCES[kind] ?? ((w: Words) => about(w));
  return {
    id: row.id,
    kind,
    text: sentence({ actor: actor || null, client: client || null, subject: row.subject, detail: row.detail }),
    read: row.read_at !== null,
    created_at: row.created_at,
    actor: row.actor_id !== null && actor ? { id: row.actor_id, name: actor } : null,
    work_item_id: row.work_item_id,
    client_id: row.client_id,
    service_id: row.service_id,
    request_id: row.request_id,
  };
}
