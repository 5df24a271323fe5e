import { findRoleName } from '@portal/contract/roles';
import { WORK_MESSAGES as M, type WorkAssignee, type WorkStatus, type WorkUpdate } from '@portal/contract/work';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failForbidden, failValidation } from '../../http/http-error.js';
import { firmOf } from '../../policy/authorize.js';
import { assertWorkAllows, findReachableWorkItem, workReachOf } from './work-access.js';
import type { WorkChange } from './work-changes.service.js';
import type { WorkItemRow } from './work-item-query.js';
import { isWorkItemWithin, listFirmStaff } from './work-items.repository.js';

/**
 * Maker-checker (docs/decisions/0031-maker-checker.md): an item sent to review names its reviewer, one
 * of the firm's staff other than its assignee; while it is under review only that reviewer or the
 * firm's MPC (`work.review`) moves it on, which records who verified it and the note.
 */

/** Statuses that move an item on from review as checked: verified, or filed straight away. */
const CHECKED_STATUSES: readonly WorkStatus[] = ['verified', 'filed', 'completed'];
/** What a reviewer's decision may do: check it (verified, or filed or completed at once) or return it. */
const REVIEW_OUTCOMES: readonly WorkStatus[] = [...CHECKED_STATUSES, 'in_progress'];
/** Fields a reviewer without `work.edit` may send with its decision (filing, when it files at once). */
const DECISION_FIELDS = new Set(['status', 'review_note', 'filed_on', 'ack_number']);

/** The staff of the item's firm who may review it: active MPC, PCs and executors, not its assignee. */
export async function listReviewers(context: AppContext, row: Pick<WorkItemRow, 'firm_id' | 'assignee_id'>) {
  const staff = await listFirmStaff(context.db, row.firm_id);
  return staff
    .filter((person) => person.id !== row.assignee_id)
    .map(
      (person): WorkAssignee => ({
        id: person.id,
        name: `${person.first_name} ${person.last_name}`.trim(),
        role: findRoleName(person.role_id) as WorkAssignee['role'],
      }),
    );
}

/** `GET /api/work/{id}/reviewers`: who the caller, which may change the item, may send it to for review. */
export async function readReviewers(context: AppContext, actor: Actor, workId: number): Promise<WorkAssignee[]> {
  const row = await findReachableWorkItem(context, actor, workId, 'work.edit');
  assertOwnFirm(actor, row);
  return listReviewers(context, row);
}

/** Only the item's own firm names its reviewer: another firm's MPC a service was handed to sees none of its staff. */
function assertOwnFirm(actor: Actor, row: Pick<WorkItemRow, 'firm_id'>) {
  if (firmOf(actor) !== row.firm_id) failForbidden(M.reviewerOwnFirm);
}

/** Whether the change moves the item on from review (the reviewer's or MPC's decision). */
export const isReviewDecision = (row: Pick<WorkItemRow, 'status'>, input: WorkUpdate) =>
  row.status === 'under_review' && input.status !== undefined && input.status !== 'under_review';

/**
 * 403 unless the caller may make this change: a decision on an item under review needs `work.review`
 * (and `work.edit` for anything else it sends), every other change `work.edit`.
 */
export async function assertMayChange(context: AppContext, actor: Actor, row: WorkItemRow, input: WorkUpdate) {
  if (!isReviewDecision(row, input)) return assertWorkAllows(context, actor, row.id, 'work.edit');
  if (!(await isWorkItemWithin(context.db, row.id, workReachOf(actor, 'work.review')))) failForbidden(M.onlyReviewer);
  // Cancelling or re-planning the item is not a review decision: it takes the right to change the item.
  const outcome = REVIEW_OUTCOMES.includes(input.status as WorkStatus);
  const others = Object.entries(input).some(([field, value]) => value !== undefined && !DECISION_FIELDS.has(field));
  if (others || !outcome) await assertWorkAllows(context, actor, row.id, 'work.edit');
}

/**
 * The review part of a change (reviewer, note, verified by), checked: a move to review needs a
 * reviewer of the firm other than the assignee; `verified` is reached only from review.
 */
export async function settleReview(
  context: AppContext,
  actor: Actor,
  row: WorkItemRow,
  input: WorkUpdate,
): Promise<Pick<WorkChange, 'reviewerId' | 'reviewNote' | 'verified'>> {
  const status = input.status ?? (row.status as WorkStatus);
  const sending = status === 'under_review' && row.status !== 'under_review';
  const reviewerId = input.reviewer_id !== undefined ? input.reviewer_id : row.reviewer_id;
  const assigneeId = input.assignee_id !== undefined ? input.assignee_id : row.assignee_id;
  if (status === 'verified' && row.status !== 'verified' && row.status !== 'under_review')
    failValidation('status', M.notUnderReview);
  if (status === 'under_review' && reviewerId === null) failValidation('reviewer_id', M.reviewerRequired);
  if (input.reviewer_id !== undefined) assertOwnFirm(actor, row);
  if (reviewerId !== null && (status === 'under_review' || input.reviewer_id !== undefined)) {
    // Neither the maker it has nor the one it had before this change: a maker cannot hand itself the check.
    const makers = input.reviewer_id !== undefined ? [assigneeId, row.assignee_id] : [assigneeId];
    if (makers.includes(reviewerId)) failValidation('reviewer_id', M.reviewerIsAssignee);
    const staff = await listFirmStaff(context.db, row.firm_id);
    if (!staff.some((person) => person.id === reviewerId)) failValidation('reviewer_id', M.reviewerInvalid);
  }
  const note = input.review_note ?? null;
  const change: Pick<WorkChange, 'reviewerId' | 'reviewNote' | 'verified'> = {};
  if (input.reviewer_id !== undefined) change.reviewerId = input.reviewer_id;
  if (sending) {
    // A new round of review: the last decision no longer holds; its note stays unless the maker writes one.
    if (input.review_note !== undefined) change.reviewNote = note;
    change.verified = null;
  } else if (isReviewDecision(row, input)) {
    change.reviewNote = note;
    const checked = CHECKED_STATUSES.includes(status);
    change.verified = checked ? { by: actor.id, at: context.clock.now().toISOString() } : null;
  }
  return change;
}
