import { indianDateOf } from '@portal/contract/plain-dates';
import { WORK_MESSAGES as M, type WorkItem, type WorkItemSummary } from '@portal/contract/work';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failNotFound } from '../../http/http-error.js';
import { authorize } from '../../policy/authorize.js';
import { workItemTarget } from '../../policy/work.policy.js';
import { type WorkScope, workScopeFor } from '../../policy/work-scope.js';
import { hasDelegations } from '../client-services/client-services.service.js';
import { presentWorkItem, presentWorkSummary } from './work.presenter.js';
import type { WorkItemRow } from './work-item-query.js';
import { findWorkItem } from './work-items.repository.js';
import { type ScopePart, scopeParts } from './work-lists.repository.js';

/** Today in India: what "due" and "overdue" are measured against. */
export const todayOf = (context: AppContext) => indianDateOf(context.clock.now());

/** The item, if the caller may see it; one out of reach reads exactly like one that does not exist. */
export async function findReachableWorkItem(context: AppContext, actor: Actor, workId: number): Promise<WorkItemRow> {
  const row = await findWorkItem(context.db, workId);
  if (!row || !authorize(actor, 'work.view', workItemTarget(row))) failNotFound(M.notFound);
  return row;
}

/**
 * The caller's work of `action` as SQL parts. An MPC's second part (services other firms handed it) is
 * left out when it has none, so its list stays one index range of its firm.
 */
export async function workPartsFor(
  context: AppContext,
  actor: Actor,
  action: 'work.view' | 'work.edit' = 'work.view',
): Promise<ScopePart[]> {
  const scope: WorkScope = workScopeFor(actor, action);
  if (scope.delegatedMpcId !== undefined && !(await hasDelegations(context.db, scope.delegatedMpcId)))
    delete scope.delegatedMpcId;
  return scopeParts(scope);
}

/** Staff read whole items (who they are assigned to, who made them); a client reads its items' summaries. */
export function readsWholeItems(actor: Actor): boolean {
  return actor.role !== 'client';
}

/** One item as the caller may read it: staff the whole item, a client its summary; with its permissions. */
export function presentFor(actor: Actor, row: WorkItemRow, today: string): WorkItem | WorkItemSummary {
  const target = workItemTarget(row);
  const permissions = { edit: authorize(actor, 'work.edit', target), files: authorize(actor, 'file.read', target) };
  return readsWholeItems(actor)
    ? presentWorkItem(row, today, permissions)
    : presentWorkSummary(row, today, permissions);
}
