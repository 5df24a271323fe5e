import { ROLE_ID } from '@portal/contract/roles';
import { type Expression, expressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Subject, TargetFacts } from '../../policy/authorize.js';
import { clientServiceReach, withinReach, workHeldBy } from '../../policy/client-service-reach.js';
import {
  type ClientServiceAction,
  type ClientServiceScope,
  clientServiceScopeFor,
} from '../../policy/client-service-scope.js';
import { clientServiceTarget } from '../../policy/files.policy.js';
import * as stored from './client-services.repository.js';

/**
 * The facts about a client's services that files, work, requests, assignments and people all hang off:
 * which services a client takes, since when, and who handles each. Other modules ask here; the tables
 * (`user_services`, `service_assignments`) are read and written nowhere else.
 */

export type AssigneeColumn = stored.AssigneeColumn;
export type ClientAssignmentRow = stored.ClientAssignmentRow;
export type UserServiceRow = stored.UserServiceRow;
export type ServiceHandlers = { pc_id: number | null; executor_id: number | null; mpc_id: number | null };

/** What a check of one client service found: the service as the access table reads it, and the actions it allows. */
export type ClientServiceAccess<A extends ClientServiceAction> = {
  client: { id: number; firmId: number | null; assignsToStaff: boolean };
  handlers: ServiceHandlers;
  target: TargetFacts;
  allows: (action: A) => boolean;
};

/**
 * One service of one client, checked for `actions` by the one SQL reading of reach (a list of one):
 * undefined when the user is not a client. The facts come back too, for the permissions an answer
 * shows (read in memory by `authorize`, which a test holds to this reading).
 */
export async function readClientServiceAccess<A extends ClientServiceAction>(
  db: Kysely<DB>,
  subject: Subject,
  ids: { clientId: number; serviceId: number },
  actions: readonly A[],
): Promise<ClientServiceAccess<A> | undefined> {
  const columns = stored.clientServiceColumnsOf(ids.serviceId);
  const reaches = Object.fromEntries(
    actions.map((action) => [action, withinReach(clientServiceReach(clientServiceScopeFor(subject, action), columns))]),
  ) as Record<A, Expression<SqlBool>>;
  // A PC or executor may hold work of a service another firm handed its MPC (the `delegated-handler` rows).
  const asksHeld = subject.role === 'pc' || subject.role === 'executor';
  const held = asksHeld ? expressionBuilder<DB, never>().exists(workHeldBy(columns, subject.id)) : undefined;
  const row = await stored.findClientServiceReach(db, ids.clientId, ids.serviceId, reaches, held);
  if (!row || row.role_id !== ROLE_ID.client) return undefined;
  const client = { id: row.id, firmId: row.firm_id, assignsToStaff: row.assign_service_type === 1 };
  const handlers = { pc_id: row.pc_id, executor_id: row.executor_id, mpc_id: row.mpc_id };
  const target = {
    ...clientServiceTarget(
      { ...client, createdBy: row.created_by },
      { pcId: row.pc_id, executorId: row.executor_id, mpcId: row.mpc_id },
    ),
    serviceWorkAssigneeIds: Number(row.held_by_caller) === 1 ? [subject.id] : [],
  };
  return { client, handlers, target, allows: (action) => Number(row[action]) === 1 };
}

/** Whether the caller reaches any service of this client for `action` (a client out of reach reads as absent). */
export function reachesAnyServiceOf(
  db: Kysely<DB>,
  subject: Subject,
  clientId: number,
  action: ClientServiceAction,
): Promise<boolean> {
  const reach = withinReach(clientServiceReach(clientServiceScopeFor(subject, action), stored.clientServicesColumns));
  return stored.hasServiceWithin(db, clientId, ROLE_ID.client, reach);
}

export function clientHasService(db: Kysely<DB>, clientId: number, serviceId: number): Promise<boolean> {
  return stored.clientHasService(db, clientId, serviceId);
}

/** Who handles one service of one client; undefined when nobody was ever assigned. */
export function findHandlers(
  db: Kysely<DB>,
  clientId: number,
  serviceId: number,
): Promise<ServiceHandlers | undefined> {
  return stored.findHandlers(db, clientId, serviceId);
}

/** The services of many users in one query (never one query per row). */
export function listServicesOfUsers(db: Kysely<DB>, userIds: readonly number[]): Promise<UserServiceRow[]> {
  return stored.listServicesOfUsers(db, userIds);
}

/** Sets the services a client takes; services kept keep the date they were taken (work is planned from it). */
export function replaceUserServices(db: Kysely<DB>, userId: number, serviceIds: number[], now: string): Promise<void> {
  return stored.replaceUserServices(db, userId, serviceIds, now);
}

/** Per service of one client: its folders, its files and whether staff are assigned. */
export function summarizeServiceUsage(db: Kysely<DB>, clientId: number) {
  return stored.summarizeServiceUsage(db, clientId);
}

/** Every service of some clients with who handles it, services without a handler included. */
export function listAssignmentsOfClients(db: Kysely<DB>, clientIds: readonly number[]): Promise<ClientAssignmentRow[]> {
  return stored.listAssignmentsOfClients(db, clientIds);
}

export function listAssignmentsOfClient(db: Kysely<DB>, clientId: number): Promise<ClientAssignmentRow[]> {
  return stored.listAssignmentsOfClient(db, clientId);
}

/** One handler of one client service: the row is created on the first assignment, then updated. */
export function setAssignee(
  db: Kysely<DB>,
  values: { clientId: number; serviceId: number; column: AssigneeColumn; userId: number | null; now: string },
): Promise<void> {
  return stored.setAssignee(db, values);
}

/** Handed clients named in a list's SQL at most; past it the list reads them through a subquery. */
const NAMED_CLIENTS = 500;

/**
 * A scope for a list, its part of services other firms handed the caller's firm settled first: left out
 * when there is nothing there for the caller (none handed to the MPC, or, a PC or executor,
 * docs/decisions/0047, none with work assigned to it), so the list reads only its own firm's index
 * range, as before any handover; otherwise with the handed clients read once and named in the SQL.
 */
export async function withoutIdleDelegatedPart(db: Kysely<DB>, scope: ClientServiceScope): Promise<ClientServiceScope> {
  if (scope.delegatedMpcId === undefined) return scope;
  const heldBy = scope.delegatedAssigneeId ?? scope.delegatedHandlerId;
  const clients = await stored.listDelegatedClients(db, scope.delegatedMpcId, { heldBy, limit: NAMED_CLIENTS + 1 });
  if (clients.length > NAMED_CLIENTS) return scope;
  if (clients.length > 0) return { ...scope, delegatedClientIds: clients };
  const { delegatedMpcId: _mpc, delegatedAssigneeId: _assignee, delegatedHandlerId: _handler, ...rest } = scope;
  return rest;
}
