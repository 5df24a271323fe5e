import type { Kysely } from 'kysely';
import { compiledForIds } from '../../db/compiled-once.js';
import type { DB } from '../../db/schema.js';

/**
 * Every service of some clients with who handles it, by username and name: one query whatever the
 * number of clients (a list page's "Assigned to"), services without a row included; compiled once per
 * length of list (db/compiled-once.ts).
 */
const selectAssignmentsOfClients = compiledForIds((db, clientIds) =>
  db
    .selectFrom('user_services')
    .innerJoin('services', 'services.id', 'user_services.service_id')
    .leftJoin('service_assignments', (join) =>
      join
        .onRef('service_assignments.client_id', '=', 'user_services.user_id')
        .onRef('service_assignments.service_id', '=', 'user_services.service_id'),
    )
    .leftJoin('users as pc', 'pc.id', 'service_assignments.pc_id')
    .leftJoin('users as executor', 'executor.id', 'service_assignments.executor_id')
    .leftJoin('users as mpc', 'mpc.id', 'service_assignments.mpc_id')
    .select([
      'user_services.user_id as client_id',
      'user_services.service_id',
      'services.service_name',
      'pc.id as pc_id',
      'pc.username as pc_username',
      'pc.first_name as pc_first_name',
      'pc.last_name as pc_last_name',
      'executor.id as executor_id',
      'executor.username as executor_username',
      'executor.first_name as executor_first_name',
      'executor.last_name as executor_last_name',
      'mpc.id as mpc_id',
      'mpc.username as mpc_username',
      'mpc.first_name as mpc_first_name',
      'mpc.last_name as mpc_last_name',
    ])
    .where('user_services.user_id', 'in', clientIds)
    .orderBy('services.service_name'),
);

export function listAssignmentsOfClients(db: Kysely<DB>, clientIds: readonly number[]) {
  return selectAssignmentsOfClients(db, clientIds);
}

export type ClientAssignmentRow = Awaited<ReturnType<typeof listAssignmentsOfClients>>[number];

/** Every service of one client with who handles it. */
export function listAssignmentsOfClient(db: Kysely<DB>, clientId: number): Promise<ClientAssignmentRow[]> {
  return listAssignmentsOfClients(db, [clientId]);
}

export type AssigneeColumn = 'pc_id' | 'executor_id' | 'mpc_id';

/** One row per client and service: created on first assignment, then updated. */
export async function setAssignee(
  db: Kysely<DB>,
  values: { clientId: number; serviceId: number; column: AssigneeColumn; userId: number | null; now: string },
): Promise<void> {
  const existing = await db
    .selectFrom('service_assignments')
    .select('id')
    .where('client_id', '=', values.clientId)
    .where('service_id', '=', values.serviceId)
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('service_assignments')
      .set({ [values.column]: values.userId, updated_at: values.now })
      .where('id', '=', existing.id)
      .execute();
    return;
  }
  await db
    .insertInto('service_assignments')
    .values({
      client_id: values.clientId,
      service_id: values.serviceId,
      pc_id: null,
      executor_id: null,
      mpc_id: null,
      [values.column]: values.userId,
      created_at: values.now,
      updated_at: values.now,
    })
    .execute();
}

export function findActiveUserByUsername(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role_id', 'firm_id', 'status'])
    .where('username', '=', username)
    .where('status', '!=', 'deactivated')
    .executeTakeFirst();
}
