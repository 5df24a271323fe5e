import type { AuditAction } from '@portal/contract/audit-actions';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { recordAudit } from '../audit/audit.service.js';
import type { HistoryValues } from './work-items.repository.js';

/** Who changed an item and when, and from where when a person did it through a request. */
export type WorkAuditBy = { actorId: number | null; at: Date; ip?: string | undefined };

/** The item a change was made to: its events are filed under its client, as its checklist's are. */
type AuditedItem = { id: number; client_id: number };

const FIELD_GROUPS: { action: AuditAction; fields: readonly string[] }[] = [
  { action: 'work.assignee', fields: ['assignee'] },
  { action: 'work.due_date', fields: ['due_date', 'event_date'] },
  { action: 'work.filing', fields: ['filed_on', 'ack_number'] },
  { action: 'work.udin', fields: ['udin', 'signed_on'] },
  { action: 'work.update', fields: ['title', 'notes', 'review_note'] },
];

/** The status move's action: to review, a decision on review, or any other move. */
function statusActionOf(move: HistoryValues): AuditAction {
  if (move.to === 'under_review') return 'work.review_request';
  if (move.from === 'under_review') return 'work.review_decision';
  return 'work.status';
}

/**
 * Ids, statuses and dates only: the values of a note, a title, an acknowledgement number or a UDIN stay in
 * the item's own history, never in the log (which is exported as CSV).
 */
function detailsOf(action: AuditAction, rows: HistoryValues[]): Record<string, unknown> {
  const one = rows[0] as HistoryValues;
  if (action === 'work.assignee' || action === 'work.reviewer')
    return { from: one.from === null ? null : Number(one.from), to: one.to === null ? null : Number(one.to) };
  if (action === 'work.due_date') {
    const due = rows.find((row) => row.field === 'due_date');
    return { fields: rows.map((row) => row.field), ...(due ? { from: due.from, to: due.to } : {}) };
  }
  return { fields: rows.map((row) => row.field) };
}

/**
 * The activity log's side of a work item's change (issue 25), inside the change's transaction: one event
 * per kind of change the history rows hold (status, assignee, due date, filing, UDIN, review, other edits).
 */
export async function recordWorkChangeEvents(
  db: Kysely<DB>,
  item: AuditedItem,
  history: HistoryValues[],
  by: WorkAuditBy,
): Promise<void> {
  const events: { action: AuditAction; details: Record<string, unknown> }[] = [];
  const status = history.find((row) => row.field === 'status');
  if (status) {
    const action = statusActionOf(status);
    const reviewer = history.find((row) => row.field === 'reviewer');
    const reviewerId = reviewer?.to ? Number(reviewer.to) : undefined;
    events.push({
      action,
      details: { from: status.from, to: status.to, ...(reviewerId ? { reviewer: reviewerId } : {}) },
    });
  }
  const reviewer = history.find((row) => row.field === 'reviewer');
  const review = status !== undefined && status.to !== null && [status.to, status.from].includes('under_review');
  // A reviewer named, or a review's note written, as the item goes to or leaves review is part of that
  // event; either changed apart is its own.
  if (reviewer && status?.to !== 'under_review')
    events.push({ action: 'work.reviewer', details: detailsOf('work.reviewer', [reviewer]) });
  for (const group of FIELD_GROUPS) {
    const rows = history.filter((row) => group.fields.includes(row.field) && !(review && row.field === 'review_note'));
    if (rows.length > 0) events.push({ action: group.action, details: detailsOf(group.action, rows) });
  }
  for (const event of events)
    await recordAudit(db, {
      actorId: by.actorId,
      action: event.action,
      entityType: 'work_item',
      entityId: item.id,
      subjectId: item.client_id,
      details: event.details,
      ...(by.ip ? { ip: by.ip } : {}),
      at: by.at,
    });
}
