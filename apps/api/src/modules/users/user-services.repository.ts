import type { Kysely } from 'kysely';
import { compiledForIds } from '../../db/compiled-once.js';
import type { DB } from '../../db/schema.js';

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

export async function listExistingServiceIds(db: Kysely<DB>, serviceIds: number[]): Promise<Set<number>> {
  if (serviceIds.length === 0) return new Set();
  const rows = await db.selectFrom('services').select('id').where('id', 'in', serviceIds).execute();
  return new Set(rows.map((row) => row.id));
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
  if (serviceIds.length === 0) return;
  await db
    .insertInto('user_services')
    .values(serviceIds.map((serviceId) => ({ user_id: userId, service_id: serviceId, created_at: now })))
    .onConflict((conflict) => conflict.columns(['user_id', 'service_id']).doNothing())
    .execute();
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
