import type { Actor } from '../auth/actor.js';
import { mayEver, type TargetFacts } from './authorize.js';
import { clientServiceTarget } from './files.policy.js';

/** A work item as the access table's rows read it: its client service, who it is assigned to and who reviews it. */
export type WorkItemFacts = {
  client_id: number;
  client_firm_id: number | null;
  client_created_by: number | null;
  client_assign_service_type: number;
  handling_pc_id: number | null;
  handling_executor_id: number | null;
  handling_mpc_id: number | null;
  assignee_id: number | null;
  reviewer_id: number | null;
};

export function workItemTarget(item: WorkItemFacts): TargetFacts {
  return {
    ...clientServiceTarget(
      {
        id: item.client_id,
        firmId: item.client_firm_id,
        createdBy: item.client_created_by,
        assignsToStaff: item.client_assign_service_type === 1,
      },
      { pcId: item.handling_pc_id, executorId: item.handling_executor_id, mpcId: item.handling_mpc_id },
    ),
    workAssigneeId: item.assignee_id,
    workReviewerId: item.reviewer_id,
    // The item's own assignee holds work of its service (what `delegated-handler` asks of the item's reader).
    serviceWorkAssigneeIds: item.assignee_id === null ? [] : [item.assignee_id],
  };
}

/** Endpoint-level abilities of the work screens and the calendar; per-item decisions go through `authorize`. */
export const workPolicy = {
  'work.list': (actor: Actor) => mayEver(actor, 'work.view'),
  'work.create': (actor: Actor) => mayEver(actor, 'work.create'),
  'work.review': (actor: Actor) => mayEver(actor, 'work.review'),
  'recurring.list': (actor: Actor) => mayEver(actor, 'recurring.view'),
  'recurring.manage': (actor: Actor) => mayEver(actor, 'recurring.manage'),
  'requests.list': (actor: Actor) => mayEver(actor, 'request.view'),
  'requests.manage': (actor: Actor) => mayEver(actor, 'request.manage'),
  'requests.upload': (actor: Actor) => mayEver(actor, 'request.upload'),
  'firm.settings': (actor: Actor) => mayEver(actor, 'firm.settings'),
  'checklists.view': (actor: Actor) => mayEver(actor, 'checklist.view'),
  'checklists.tick': (actor: Actor) => mayEver(actor, 'checklist.tick'),
  'checklists.template_read': (actor: Actor) => mayEver(actor, 'checklist.template_read'),
  'checklists.template': (actor: Actor) => mayEver(actor, 'checklist.template'),
  'compliance.read': (_actor: Actor) => true,
  'compliance.write': (actor: Actor) => mayEver(actor, 'compliance.write'),
};
