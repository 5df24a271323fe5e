import type { Action } from './access-table.js';
import { rulesFor } from './access-table.js';
import { firmOf, type Subject } from './authorize.js';

/**
 * Which client services an actor reaches for an action, as data `client-service-reach.ts` turns into
 * SQL: the same rows of the access table `authorize` reads for one record. Files, work items and
 * document requests all hang off a client service, so they share this one reading. Every branch but
 * `delegatedMpcId` (and its narrowings to one PC's or executor's work) stays in the actor's firm
 * (`withinFirm`), which the SQL puts first so a list reads one firm's index range.
 */
export type ClientServiceScope = {
  withinFirm?: number;
  /** Every client service of the firm (the MPC). */
  wholeFirm?: boolean;
  /** The client's own services. */
  clientId?: number;
  /** The services of the clients this user created. */
  createdBy?: number;
  /** The client services this user handles as PC or executor, clients in PC/Executor mode. */
  assignedAs?: { column: 'pc_id' | 'executor_id'; userId: number };
  /** Work items (and their requests) assigned to this user. */
  assigneeId?: number;
  /** Work items this user reviews (maker-checker). */
  reviewerId?: number;
  /** The services another firm handed to this MPC (or to the MPC of this PC's or executor's firm), clients in MPC mode. */
  delegatedMpcId?: number;
  /**
   * The clients of those services, when read beforehand (a small indexed read): named in the SQL, so no
   * planner has to see through a subquery (PostgreSQL's stops past join_collapse_limit and scans).
   */
  delegatedClientIds?: readonly number[];
  /** Of those, the work items assigned to this PC or executor (and their requests, docs/decisions/0047). */
  delegatedAssigneeId?: number;
  /** Of those, the services with a work item assigned to this PC or executor (their files). */
  delegatedHandlerId?: number;
};

/** The actions whose target is a client service (or a work item or request of one). */
export type ClientServiceAction = Extract<
  Action,
  | `work.${string}`
  | `request.${string}`
  | `recurring.${string}`
  | 'checklist.view'
  | 'checklist.tick'
  | 'file.read'
  | 'file.upload'
>;

const ASSIGNEE_COLUMN = { pc: 'pc_id', executor: 'executor_id' } as const;

export function clientServiceScopeFor(subject: Subject, action: ClientServiceAction): ClientServiceScope {
  const scope: ClientServiceScope = {};
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
      case 'reviewer':
        scope.reviewerId = subject.id;
        break;
      case 'delegated':
        scope.delegatedMpcId = subject.id;
        break;
      case 'delegated-assignee':
        if (firm === null) break;
        scope.delegatedMpcId = firm;
        scope.delegatedAssigneeId = subject.id;
        break;
      case 'delegated-handler':
        if (firm === null) break;
        scope.delegatedMpcId = firm;
        scope.delegatedHandlerId = subject.id;
        break;
      default:
        throw new Error(`${rule.relation} cannot scope client services (${action})`);
    }
  }
  if (firm !== null && subject.role !== 'client') scope.withinFirm = firm;
  return scope;
}

/** Whether the scope reaches any client service at all (the admin's does not). */
export const reachesAny = (scope: ClientServiceScope) =>
  scope.wholeFirm === true ||
  scope.clientId !== undefined ||
  scope.createdBy !== undefined ||
  scope.assignedAs !== undefined ||
  scope.assigneeId !== undefined ||
  scope.reviewerId !== undefined ||
  scope.delegatedMpcId !== undefined;
