import type { Action } from './access-table.js';
import { rulesFor } from './access-table.js';
import { firmOf, type Subject } from './authorize.js';

/**
 * Which work items an actor reaches, as data the work repository turns into SQL, compiled from the same
 * rows of the access table `authorize` reads for one item. Every branch but `delegatedMpcId` stays in
 * the actor's firm (`withinFirm`), which the SQL puts first so a list reads one firm's index range.
 */
export type WorkScope = {
  withinFirm?: number;
  /** Every item of the firm (the MPC). */
  wholeFirm?: boolean;
  /** The client's own items. */
  clientId?: number;
  /** Items of the clients this user created. */
  createdBy?: number;
  /** Items of the client services this user handles as PC or executor, clients in PC/Executor mode. */
  assignedAs?: { column: 'pc_id' | 'executor_id'; userId: number };
  /** Items assigned to this user. */
  assigneeId?: number;
  /** Items of the services another firm handed to this MPC, clients in MPC mode. */
  delegatedMpcId?: number;
};

const ASSIGNEE_COLUMN = { pc: 'pc_id', executor: 'executor_id' } as const;

export function workScopeFor(
  subject: Subject,
  action: Extract<Action, `work.${string}` | `request.${string}`>,
): WorkScope {
  const scope: WorkScope = {};
  if (subject.status === 'created') return scope;
  const firm = firmOf(subject);
  for (const rule of rulesFor(subject.role, action)) {
    switch (rule.relation) {
      case 'self':
        scope.clientId = subject.id;
        break;
      case 'firm':
        scope.wholeFirm = true;
        break;
      case 'created':
        scope.createdBy = subject.id;
        break;
      case 'assigned':
        if (subject.role === 'pc' || subject.role === 'executor')
          scope.assignedAs = { column: ASSIGNEE_COLUMN[subject.role], userId: subject.id };
        break;
      case 'assignee':
        scope.assigneeId = subject.id;
        break;
      case 'delegated':
        scope.delegatedMpcId = subject.id;
        break;
      default:
        throw new Error(`${rule.relation} cannot scope a list of work items (${action})`);
    }
  }
  if (firm !== null && subject.role !== 'client') scope.withinFirm = firm;
  return scope;
}

/** Whether the scope reaches any item at all (the admin's does not). */
export const reachesAnyWork = (scope: WorkScope) =>
  scope.wholeFirm === true ||
  scope.clientId !== undefined ||
  scope.createdBy !== undefined ||
  scope.assignedAs !== undefined ||
  scope.assigneeId !== undefined ||
  scope.delegatedMpcId !== undefined;
