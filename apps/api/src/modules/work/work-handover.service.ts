import { indianDateOf } from '@portal/contract/plain-dates';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ClientTakenBack, ServiceAssigned } from '../assignments/assignment-hooks.js';
import { findHandlers } from '../client-services/client-services.service.js';
import { applyWorkChange, type CurrentWorkItem, type WorkChange } from './work-changes.service.js';
import { defaultAssigneeOf } from './work-defaults.js';
import { findWorkItem, listOpenItemsHeldOutsideFirm, listOpenItemsToHandOver } from './work-items.repository.js';

/**
 * A client service just got its PC, executor or other firm's MPC (modules/assignments): its open work
 * that nobody was assigned to goes to whoever new work of that service would go to, each hand-over
 * kept in the item's history. Items already assigned keep their assignee, unless the service went to
 * another firm: then all its open work goes to that firm's MPC (the first firm's people no longer
 * reach it), and its document requests follow their items. Filed and closed items keep theirs.
 */
export async function handOverOpenWork(db: Kysely<DB>, target: ServiceAssigned): Promise<void> {
  const by = { actorId: target.actorId, at: target.at };
  const handlers = await findHandlers(db, target.clientId, target.serviceId);
  const assignee = defaultAssigneeOf({ assign_service_type: target.assignsToStaff ? 1 : 0, ...handlers });
  if (assignee === null) return;
  const today = indianDateOf(by.at);
  const items = await listOpenItemsToHandOver(db, {
    clientId: target.clientId,
    serviceId: target.serviceId,
    assigneeId: assignee,
    whoeverHasThem: target.toOtherFirm,
  });
  for (const { id } of items) {
    const item = await findWorkItem(db, id);
    if (item) await applyWorkChange(db, item, changeOnHandOver(item, assignee, target.toOtherFirm), { ...by, today });
  }
}

/**
 * The item's new assignee; handed to another firm, its review by the first firm ends too (a reviewer
 * named on it, under review or not, would otherwise keep sight of it, and the receiving MPC could not
 * move it on from review).
 */
function changeOnHandOver(item: CurrentWorkItem, assigneeId: number, toOtherFirm: boolean): WorkChange {
  if (!toOtherFirm || item.reviewer_id === null) return { assigneeId };
  return {
    assigneeId,
    reviewerId: null,
    ...(item.status === 'under_review' ? { status: 'in_progress' as const } : {}),
  };
}

/**
 * The client is back in PC/Executor mode (modules/assignments): open work another firm's people hold or
 * review comes home, to the service's PC or executor as new work would, or to nobody (the MPC sees it
 * among the unassigned); a review by the other firm ends, and its requests follow their items. Each
 * change is kept in the item's history (docs/decisions/0047).
 */
export async function takeBackForeignWork(db: Kysely<DB>, target: ClientTakenBack): Promise<void> {
  const by = { actorId: target.actorId, at: target.at, today: indianDateOf(target.at) };
  const items = await listOpenItemsHeldOutsideFirm(db, target);
  const assignees = new Map<number, number | null>();
  for (const held of items) {
    if (!assignees.has(held.service_id)) {
      const handlers = await findHandlers(db, target.clientId, held.service_id);
      assignees.set(held.service_id, defaultAssigneeOf({ assign_service_type: 1, ...handlers }));
    }
    const item = await findWorkItem(db, held.id);
    if (!item) continue;
    const change: WorkChange = held.assignee_outside ? { assigneeId: assignees.get(held.service_id) ?? null } : {};
    if (held.reviewer_outside) {
      change.reviewerId = null;
      if (item.status === 'under_review') change.status = 'in_progress';
    }
    await applyWorkChange(db, item, change, by);
  }
}
