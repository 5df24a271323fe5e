import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { compiledForIds } from '../../db/compiled-once.js';
import { insertNewRows } from '../../db/insert-new-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import { hasRowWith } from '../../db/row-exists.js';
import type { DB } from '../../db/schema.js';
import { joinServiceHandling } from '../../db/service-handling.js';
import { type ClientServiceColumns, whereAssignmentWorkHeldBy } from '../../policy/client-service-reach.js';

/** Where a client service is read from when one service of one client is checked (`target_client`). */
export const clientServiceColumnsOf = (serviceId: number): ClientServiceColumns => ({
  firm: sql.ref<number | null>('target_client.firm_id'),
  client: sql.ref<number>('target_client.id'),
  service: sql.val(serviceId),
});

/**
 * A client with who handles one of its services and, per action, whether the service lies within the
 * caller's reach of it (policy/client-service-reach.ts, read on `target_client`), and whether work of
 * the service is assigned to the caller (`heldByCaller`): one statement.
 */
export function findClientServiceReach<A extends string>(
  db: Kysely<DB>,
  clientId: number,
  serviceId: number,
  reaches: Record<A, Expression<SqlBool>>,
  heldByCaller: Expression<SqlBool> = sql<SqlBool>`1 = 0`,
) {
  return db
    .selectFrom('users as target_client')
    .leftJoin('service_assignments as handling', (join) =>
      join.onRef('handling.client_id', '=', 'target_client.id').on('handling.service_id', '=', serviceId),
    )
    .select([
      'target_client.id',
      'target_client.role_id',
      'target_client.firm_id',
      'target_client.created_by',
      'target_client.assign_service_type',
      'handling.pc_id',
      'handling.executor_id',
      'handling.mpc_id',
    ])
    .select(
      Object.entries<Expression<SqlBool>>(reaches).map(([action, reach]) =>
        sql<number>`case when ${reach} then 1 else 0 end`.as(action),
      ),
    )
    .select(sql<number>`case when ${heldByCaller} then 1 else 0 end`.as('held_by_caller'))
    .where('target_client.id', '=', clientId)
    .executeTakeFirst() as Promise<ClientServiceReachRow<A> | undefined>;
}

export type ClientServiceReachRow<A extends string> = {
  id: number;
  role_id: number;
  firm_id: number | null;
  created_by: number | null;
  assign_service_type: number;
  pc_id: number | null;
  executor_id: number | null;
  mpc_id: number | null;
  /** A work item of the service is assigned to the caller (asked of a PC or executor, docs/decisions/0047). */
  held_by_caller: number | boolean;
} & Record<A, number | boolean>;

/** A client's services as the one reading of reach sees them (`target_client`, `user_services`). */
export const clientServicesColumns: ClientServiceColumns = {
  firm: sql.ref<number | null>('target_client.firm_id'),
  client: sql.ref<number>('target_client.id'),
  service: sql.ref<number>('user_services.service_id'),
};

/** Whether any service of a client lies within `reach` (read on `clientServicesColumns`): one statement. */
export async function hasServiceWithin(
  db: Kysely<DB>,
  clientId: number,
  clientRoleId: number,
  reach: Expression<SqlBool>,
): Promise<boolean> {
  const row = await db
    .selectFrom('user_services')
    .innerJoin('users as target_client', 'target_client.id', 'user_services.user_id')
    .select('user_services.service_id')
    .where('user_services.user_id', '=', clientId)
    .where('target_client.role_id', '=', clientRoleId)
    .where(reach)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function clientHasService(db: Kysely<DB>, clientId: number, serviceId: number): Promise<boolean> {
  return hasRowWith(db, 'user_services', { user_id: clientId, service_id: serviceId });
}

export function findHandlers(db: Kysely<DB>, clientId: number, serviceId: number) {
  return db
    .selectFrom('service_assignments')
    .select(['pc_id', 'executor_id', 'mpc_id'])
    .where('client_id', '=', clientId)
    .where('service_id', '=', serviceId)
    .executeTakeFirst();
}

export type UserServiceRow = { user_id: number; service_id: number; service_name: string };

const selectServicesOfUsers = compiledForIds((db, userIds) =>
  db
    .selectFrom('user_services')
    .innerJoin('services', 'services.id', 'user_services.service_id')
    .select(['user_services.user_id', 'user_services.service_id', 'services.service_name'])
    .where('user_services.user_id', 'in', userIds)
    .orderBy('services.service_name'),
);

/** The services of many users in one query (never one query per row), compiled once per length of list. */
export function listServicesOfUsers(db: Kysely<DB>, userIds: readonly number[]): Promise<UserServiceRow[]> {
  return selectServicesOfUsers(db, userIds);
}

export async function replaceUserServices(
  db: Kysely<DB>,
  userId: number,
  serviceIds: number[],
  now: string,
): Promise<void> {
  // Services the user keeps keep their row, and so the date it took them (work is planned from it).
  let removal = db.deleteFrom('user_services').where('user_id', '=', userId);
  if (serviceIds.length > 0) removal = removal.where('service_id', 'not in', serviceIds);
  await removal.execute();
  const taken = serviceIds.map((serviceId) => ({ user_id: userId, service_id: serviceId, created_at: now }));
  await insertNewRows(db, 'user_services', taken, ['user_id', 'service_id']);
}

/** Per service of one client: its folders, its files and whether staff are assigned; three grouped queries. */
export async function summarizeServiceUsage(
  db: Kysely<DB>,
  clientId: number,
): Promise<Map<number, { folders: number; files: number; assigned: boolean }>> {
  const [folders, files, assignments] = await Promise.all([
    db
      .selectFrom('folders')
      .select(['service_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('client_id', '=', clientId)
      .groupBy('service_id')
      .execute(),
    db
      .selectFrom('files')
      .select(['service_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('client_id', '=', clientId)
      .groupBy('service_id')
      .execute(),
    db
      .selectFrom('service_assignments')
      .select('service_id')
      .where('client_id', '=', clientId)
      .where((eb) =>
        eb.or([eb('pc_id', 'is not', null), eb('executor_id', 'is not', null), eb('mpc_id', 'is not', null)]),
      )
      .execute(),
  ]);
  const usage = new Map<number, { folders: number; files: number; assigned: boolean }>();
  const entry = (serviceId: number) => {
    const found = usage.get(serviceId) ?? { folders: 0, files: 0, assigned: false };
    usage.set(serviceId, found);
    return found;
  };
  for (const row of folders) entry(row.service_id).folders = Number(row.n);
  for (const row of files) entry(row.service_id).files = Number(row.n);
  for (const row of assignments) entry(row.service_id).assigned = true;
  return usage;
}

/**
 * Every service of some clients with who handles it, by username and name: one query whatever the
 * number of clients (a list page's "Assigned to"), services without a row included; compiled once per
 * length of list (db/compiled-once.ts).
 */
const selectAssignmentsOfClients = compiledForIds((db, clientIds) =>
  db
    .selectFrom('user_services')
    .innerJoin('services', 'services.id', 'user_services.service_id')
    .$call(joinServiceHandling('user_services.user_id', 'user_services.service_id'))
    .$call(joinPersonName('pc', 'handling.pc_id'))
    .$call(joinPersonName('executor', 'handling.executor_id'))
    .$call(joinPersonName('mpc', 'handling.mpc_id'))
    .select([
      'user_services.user_id as client_id',
      'user_services.service_id',
      'services.service_name',
      'pc.id as pc_id',
      'pc.username as pc_username',
      'executor.id as executor_id',
      'executor.username as executor_username',
      'mpc.id as mpc_id',
      'mpc.username as mpc_username',
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

/**
 * The clients (in MPC mode, as reach reads them) of the services other firms handed this MPC, at most
 * `limit`, through `(mpc_id, client_id)`; with `heldBy`, only those with a work item assigned to that PC
 * or executor of the MPC's firm.
 */
export async function listDelegatedClients(
  db: Kysely<DB>,
  mpcId: number,
  options: { heldBy?: number | undefined; limit: number },
): Promise<number[]> {
  const heldBy = options.heldBy;
  const rows = await db
    .selectFrom('service_assignments')
    .innerJoin('users as shared_client', 'shared_client.id', 'service_assignments.client_id')
    .select('service_assignments.client_id')
    .distinct()
    .where('service_assignments.mpc_id', '=', mpcId)
    .where('shared_client.assign_service_type', '=', 0)
    .$call(whereAssignmentWorkHeldBy(heldBy))
    .orderBy('service_assignments.client_id')
    .limit(options.limit)
    .execute();
  return rows.map((row) => row.client_id);
}
