import { indianDateOf } from '@portal/contract/plain-dates';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ServiceAssigned } from '../assignments/assignment-hooks.js';
import { findHandlers } from '../client-services/client-services.service.js';
import { applyWorkChange } from './work-changes.service.js';
import { defaultAssigneeOf } from './work-defaults.js';
import { findWorkItem, listUnassignedOpenItems } from './work-items.repository.js';

/**
 * A client service just got its PC, executor or other firm's MPC (modules/assignments): its open work
 * that nobody was assigned to goes to whoever new work of that service would go to, each hand-over
 * kept in the item's history. Items already assigned keep their assignee.
 */
export async function handOverUnassignedWork(db: Kysely<DB>, target: ServiceAssigned): Promise<void> {
  const by = { actorId: target.actorId, at: target.at };
  const handlers = await findHandlers(db, target.clientId, target.serviceId);
  const assignee = defaultAssigneeOf({ assign_service_type: target.assignsToStaff ? 1 : 0, ...handlers });
  if (assignee === null) return;
  const today = indianDateOf(by.at);
  for (const { id } of await listUnassignedOpenItems(db, target.clientId, target.serviceId)) {
    const item = await findWorkItem(db, id);
    if (item) await applyWorkChange(db, item, { assigneeId: assignee }, { ...by, today });
  }
}
