import { ROLE_ID } from '@portal/contract/roles';
import type { Insertable, Kysely } from 'kysely';
import { isAfterCursor } from '../../db/keyset-cursor.js';
import type { DB, WorkItemsTable } from '../../db/schema.js';

export type ServicePair = {
  client_id: number;
  service_id: number;
  /** When the client took the service: no work is planned for periods due before it. */
  taken_at: string;
  firm_id: number | null;
  state: string | null;
  assign_service_type: number;
  pc_id: number | null;
  executor_id: number | null;
  mpc_id: number | null;
};

/**
 * A batch of the client services of some catalogue services (clients not disabled), after a cursor, in
 * (client, service) order, with the client's state and firm and who handles the service.
 */
export function listServicePairs(
  db: Kysely<DB>,
  page: { serviceIds: number[]; clientId?: number; after?: { clientId: number; serviceId: number }; limit: number },
): Promise<ServicePair[]> {
  let query = db
    .selectFrom('user_services as taken')
    .innerJoin('users as client', 'client.id', 'taken.user_id')
    .leftJoin('service_assignments as handling', (join) =>
      join.onRef('handling.client_id', '=', 'taken.user_id').onRef('handling.service_id', '=', 'taken.service_id'),
    )
    .select([
      'taken.user_id as client_id',
      'taken.service_id',
      'taken.created_at as taken_at',
      'client.firm_id',
      'client.state',
      'client.assign_service_type',
      'handling.pc_id',
      'handling.executor_id',
      'handling.mpc_id',
    ])
    .where('taken.service_id', 'in', page.serviceIds)
    .where('client.role_id', '=', ROLE_ID.client)
    .where('client.status', '!=', 'deactivated')
    .where('client.firm_id', 'is not', null);
  if (page.clientId !== undefined) query = query.where('taken.user_id', '=', page.clientId);
  const after = page.after;
  if (after)
    query = query.where((eb) =>
      isAfterCursor(eb, 'asc', ['taken.user_id', after.clientId], ['taken.service_id', after.serviceId]),
    );
  return query.orderBy('taken.user_id').orderBy('taken.service_id').limit(page.limit).execute();
}

/**
 * Inserts planned items, skipping any whose client, rule and period already has one: one statement,
 * atomic on its own, so two servers generating at once each insert what the other has not, and every
 * item exists once (the unique key decides, not a read before the write). Answers the ids that went in.
 */
export async function insertPlannedItems(db: Kysely<DB>, rows: Insertable<WorkItemsTable>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('work_items')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['client_id', 'rule_id', 'period']).doNothing())
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

const DAILY = 'daily';

/** The last day the daily run planned through (null before its first run). */
export function readGeneratedThrough(db: Kysely<DB>): Promise<string | null> {
  return readPlanningMark(db, DAILY);
}

/** Moves the mark forward only: a slower server finishing after a faster one leaves the later date. */
export function saveGeneratedThrough(db: Kysely<DB>, through: string, now: string): Promise<void> {
  return savePlanningMark(db, DAILY, through, now);
}

/** One named planning run's mark (statutory or recurring work): the last day it planned through. */
export async function readPlanningMark(db: Kysely<DB>, name: string): Promise<string | null> {
  const row = await db
    .selectFrom('work_generation_state')
    .select('generated_through')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.generated_through ?? null;
}

/** Moves a named run's mark forward only, so concurrent runs leave the later date. */
export async function savePlanningMark(db: Kysely<DB>, name: string, through: string, now: string): Promise<void> {
  await db
    .insertInto('work_generation_state')
    .values({ name, generated_through: through, updated_at: now })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ generated_through: through, updated_at: now })
        .where('work_generation_state.generated_through', '<', through),
    )
    .execute();
}
