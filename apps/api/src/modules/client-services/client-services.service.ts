import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
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

/** The client with what decides who reaches its services (firm, creator, who handles them). */
export function findClientForFiles(db: Kysely<DB>, clientId: number) {
  return stored.findClientForFiles(db, clientId);
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

/** Whether any firm handed this MPC a client service (it then sees that work and its requests). */
export function hasDelegations(db: Kysely<DB>, mpcId: number): Promise<boolean> {
  return stored.hasDelegations(db, mpcId);
}
