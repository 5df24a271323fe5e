import { indianDateOf } from '@portal/contract/plain-dates';
import { WORK_MESSAGES as M, type WorkItem, type WorkItemSummary } from '@portal/contract/work';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failForbidden, failNotFound } from '../../http/http-error.js';
import { authorize } from '../../policy/authorize.js';
import { clientServiceReach, withinReach } from '../../policy/client-service-reach.js';
import { type ClientServiceAction, clientServiceScopeFor } from '../../policy/client-service-scope.js';
import { workItemTarget } from '../../policy/work.policy.js';
import { withoutIdleDelegatedPart } from '../client-services/client-services.service.js';
import { presentWorkItem, presentWorkSummary } from './work.presenter.js';
import type { WorkItemRow } from './work-item-query.js';
import { findWorkItemWithin, isWorkItemWithin } from './work-items.repository.js';
import { type ScopePart, scopeParts, WORK_ITEM_COLUMNS } from './work-scope-filters.js';

/** Today in India: what "due" and "overdue" are measured against. */
export const todayOf = (context: AppContext) => indianDateOf(context.clock.now());

/** The actions decided on a work item (its requests' and checklist's included: they share its client service). */
export type WorkAction = Extract<ClientServiceAction, `work.${string}` | `request.${string}` | `checklist.${string}`>;

/** Where the caller may do `action`, as a condition on `work_items` (the one SQL reading of reach). */
export const workReachOf = (actor: Actor, action: WorkAction) =>
  withinReach(clientServiceReach(clientServiceScopeFor(actor, action), WORK_ITEM_COLUMNS));

/**
 * The item, if the caller may see it; one out of reach reads exactly like one that does not exist.
 * With `action`, an item in sight that the caller may not act on answers 403.
 */
export async function findReachableWorkItem(
  context: AppContext,
  actor: Actor,
  workId: number,
  action?: Exclude<WorkAction, 'work.view'>,
): Promise<WorkItemRow> {
  const row = await findWorkItemWithin(context.db, workId, workReachOf(actor, 'work.view'));
  if (!row) failNotFound(M.notFound);
  if (action) await assertWorkAllows(context, actor, workId, action);
  return row;
}

/** 403 unless the caller may do `action` on this item (or its requests), which it already sees. */
export async function assertWorkAllows(
  context: AppContext,
  actor: Actor,
  workId: number,
  action: WorkAction,
): Promise<void> {
  if (!(await isWorkItemWithin(context.db, workId, workReachOf(actor, action)))) failForbidden();
}

/**
 * The caller's work of `action` as SQL parts. The part of services other firms handed the caller's firm
 * is left out when it holds nothing for the caller (none handed to the MPC; none of them with work
 * assigned to the PC or executor), so its list stays one index range of its firm.
 */
export async function workPartsFor(
  context: AppContext,
  actor: Actor,
  action: 'work.view' | 'work.edit' = 'work.view',
): Promise<ScopePart[]> {
  return scopeParts(await withoutIdleDelegatedPart(context.db, clientServiceScopeFor(actor, action)), context.dialect);
}

/** Staff read whole items (who they are assigned to, who made them); a client reads its items' summaries. */
export function readsWholeItems(actor: Actor): boolean {
  return actor.role !== 'client';
}

/** One item as the caller may read it: staff the whole item, a client its summary; with its permissions. */
export function presentFor(actor: Actor, row: WorkItemRow, today: string): WorkItem | WorkItemSummary {
  const target = workItemTarget(row);
  const permissions = {
    edit: authorize(actor, 'work.edit', target),
    files: authorize(actor, 'file.read', target),
    // Moving it on from review is a decision to make now, only while it is under review.
    review: row.status === 'under_review' && authorize(actor, 'work.review', target),
  };
  return readsWholeItems(actor)
    ? presentWorkItem(row, today, permissions)
    : presentWorkSummary(row, today, permissions);
}
