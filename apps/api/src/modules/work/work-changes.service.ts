import { isOpenStatus, WORK_MESSAGES as M, type WorkStatus } from '@portal/contract/work';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { failConflict, failNotFound, failValidation } from '../../http/http-error.js';
import { recordWorkChangeEvents } from './work-audit.js';
import { onWorkItemChanged } from './work-hooks.js';
import type { WorkItemRow } from './work-item-query.js';
import {
  findWorkItem,
  type HistoryValues,
  insertHistory,
  insertHistoryRows,
  updateWorkItem,
  updateWorkItems,
} from './work-items.repository.js';

/** The fields of an item a change reads. */
export type CurrentWorkItem = {
  id: number;
  client_id: number;
  status: string;
  assignee_id: number | null;
  title: string;
  due_date: string;
  event_date: string | null;
  filed_on: string | null;
  ack_number: string | null;
  notes: string | null;
  reviewer_id: number | null;
  review_note: string | null;
};

/** What may change; an absent field stays as it is. */
export type WorkChange = {
  status?: WorkStatus;
  assigneeId?: number | null;
  title?: string;
  dueDate?: string;
  eventDate?: string | null;
  filedOn?: string | null;
  ackNumber?: string | null;
  notes?: string | null;
  /** Maker-checker (work-review.ts): who checks it, the review's note, who moved it on from review and when. */
  reviewerId?: number | null;
  reviewNote?: string | null;
  verified?: { by: number; at: string } | null;
};

/**
 * Who changes it (null: the portal itself) and when; `today` is the date in India; `ip` the address of
 * the request that made the change, for its events in the activity log.
 */
export type ChangeBy = { actorId: number | null; at: Date; today: string; ip?: string | undefined };

const FILING_STATUSES: readonly string[] = ['filed', 'completed'];

/** The filing date and acknowledgement the item ends with, or the reason it cannot. */
function settleFiling(item: CurrentWorkItem, change: WorkChange, status: string, today: string) {
  if (!FILING_STATUSES.includes(status)) {
    // Reopened or cancelled: the filing is gone from the item (its history keeps it).
    if (change.ackNumber) failValidation('ack_number', M.filedOnOnlyWhenFiled);
    if (change.filedOn) failValidation('filed_on', M.filedOnOnlyWhenFiled);
    return { filedOn: null, ackNumber: null };
  }
  const ackNumber = change.ackNumber !== undefined ? change.ackNumber : item.ack_number;
  let filedOn = change.filedOn !== undefined ? change.filedOn : item.filed_on;
  if (status === 'filed' && !ackNumber) failValidation('ack_number', M.ackRequired);
  if (ackNumber && !filedOn) filedOn = today;
  if (filedOn && filedOn > today) failValidation('filed_on', M.filedOnFuture);
  return { filedOn: ackNumber || filedOn ? filedOn : null, ackNumber: ackNumber ?? null };
}

/**
 * The one place a work item changes, its status included: routes, bulk changes and the work that
 * follows (document requests) all call it, inside their own transaction. It checks the filing rules
 * (a filed item has its acknowledgement number, a filing date not in the future), writes the new
 * values and one history row per changed field (who, when, from, to), with its events in the activity
 * log (work-audit.ts), and answers those rows. An item
 * that closes cancels its open document requests (a listener of `onWorkItemChanged`).
 */
export async function applyWorkChange(
  db: Kysely<DB>,
  item: CurrentWorkItem,
  change: WorkChange,
  by: ChangeBy,
): Promise<HistoryValues[]> {
  const status = change.status ?? item.status;
  const filing = settleFiling(item, change, status, by.today);
  const next = {
    status,
    assignee_id: change.assigneeId !== undefined ? change.assigneeId : item.assignee_id,
    title: change.title ?? item.title,
    due_date: change.dueDate ?? item.due_date,
    event_date: change.eventDate !== undefined ? change.eventDate : item.event_date,
    filed_on: filing.filedOn,
    ack_number: filing.ackNumber,
    notes: change.notes !== undefined ? change.notes || null : item.notes,
    reviewer_id: change.reviewerId !== undefined ? change.reviewerId : item.reviewer_id,
    review_note: change.reviewNote !== undefined ? change.reviewNote || null : item.review_note,
  };
  const text = (value: string | number | null) => (value === null ? null : String(value));
  const history: HistoryValues[] = [];
  const fields = [
    ['status', 'status'],
    ['assignee', 'assignee_id'],
    ['title', 'title'],
    ['due_date', 'due_date'],
    ['event_date', 'event_date'],
    ['filed_on', 'filed_on'],
    ['ack_number', 'ack_number'],
    ['notes', 'notes'],
    ['reviewer', 'reviewer_id'],
    ['review_note', 'review_note'],
  ] as const;
  for (const [field, column] of fields) {
    const before = text(item[column]);
    const after = text(next[column]);
    if (before !== after) history.push({ field, from: before, to: after });
  }
  if (history.length === 0) return history;
  const at = by.at.toISOString();
  const open = isOpenStatus(status as WorkStatus);
  const verified =
    change.verified === undefined
      ? {}
      : { verified_by: change.verified?.by ?? null, verified_at: change.verified?.at ?? null };
  const values = { ...next, ...verified, is_open: open ? 1 : 0, updated_at: at };
  if (!(await updateWorkItem(db, item.id, item.status, values))) failConflict(M.changedMeanwhile);
  await insertHistory(db, item.id, by.actorId, history, at);
  await recordWorkChangeEvents(db, item, history, by);
  // What follows a change (its document requests stop once it closes) listens here (app.ts).
  await onWorkItemChanged.fire(db, {
    workId: item.id,
    wasOpen: isOpenStatus(item.status as WorkStatus),
    isOpen: open,
    actorId: by.actorId,
    at,
  });
  return history;
}

/** Moves one item to a status (for the work that follows, e.g. a document request opened or fulfilled). */
export async function moveWorkItemStatus(
  db: Kysely<DB>,
  workId: number,
  status: WorkStatus,
  by: ChangeBy,
): Promise<HistoryValues[]> {
  const item = await findWorkItem(db, workId);
  if (!item) failNotFound(M.notFound);
  return applyWorkChange(db, item, { status }, by);
}

/**
 * Due dates moved by the calendar (a rule edited, an extension recorded), many items at once: the same
 * history rows as any change, written in batches rather than item by item. The activity log holds the
 * rule's own event (`compliance.rule.update`, `compliance.rule.extension`), not one per item it moved.
 */
export async function applyDueDateChanges(
  db: Kysely<DB>,
  changes: { id: number; from: string; to: string }[],
  by: Omit<ChangeBy, 'today'>,
): Promise<void> {
  const at = by.at.toISOString();
  const byDate = new Map<string, number[]>();
  for (const change of changes) byDate.set(change.to, [...(byDate.get(change.to) ?? []), change.id]);
  for (const [dueDate, ids] of byDate)
    for (let start = 0; start < ids.length; start += 500)
      await updateWorkItems(db, ids.slice(start, start + 500), { due_date: dueDate, updated_at: at });
  for (let start = 0; start < changes.length; start += 500)
    await insertHistoryRows(
      db,
      changes.slice(start, start + 500).map((change) => ({
        work_item_id: change.id,
        actor_id: by.actorId,
        field: 'due_date',
        from_value: change.from,
        to_value: change.to,
        created_at: at,
      })),
    );
}

/** The item as a change reads it, inside the caller's transaction (the work that follows a request). */
export function findWorkItemForChange(db: Kysely<DB>, workId: number): Promise<WorkItemRow | undefined> {
  return findWorkItem(db, workId);
}
