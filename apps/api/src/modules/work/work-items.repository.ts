import { type Expression, type Insertable, type Kysely, type SqlBool, sql, type Updateable } from 'kysely';
import { insertRow } from '../../db/insert-new-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import { hasAnyRow } from '../../db/row-exists.js';
import type { DB, WorkItemHistoryTable, WorkItemsTable } from '../../db/schema.js';
import { updatesAnyRow } from '../../db/updated-rows.js';
import { selectWorkItems, type WorkItemRow } from './work-item-query.js';

export function findWorkItem(db: Kysely<DB>, workId: number): Promise<WorkItemRow | undefined> {
  return selectWorkItems(db).where('work_items.id', '=', workId).executeTakeFirst();
}

/** The item, if it lies within `reach` (work-access.ts): a check of one record is a list of one id. */
export function findWorkItemWithin(
  db: Kysely<DB>,
  workId: number,
  reach: Expression<SqlBool>,
): Promise<WorkItemRow | undefined> {
  return selectWorkItems(db).where('work_items.id', '=', workId).where(reach).executeTakeFirst();
}

/** The items of `workIds` that lie within `reach`. */
export function listWorkItemsWithin(db: Kysely<DB>, workIds: number[], reach: Expression<SqlBool>) {
  return selectWorkItems(db).where('work_items.id', 'in', workIds).where(reach).execute();
}

export async function isWorkItemWithin(db: Kysely<DB>, workId: number, reach: Expression<SqlBool>): Promise<boolean> {
  return hasAnyRow(db.selectFrom('work_items').where('id', '=', workId).where(reach));
}

export function insertWorkItem(db: Kysely<DB>, values: Insertable<WorkItemsTable>): Promise<number> {
  return insertRow(db, 'work_items', values);
}

/**
 * Writes the item's new values if its status is still `statusBefore`; whether it did. The condition in
 * the statement makes a change read before another one landed (two people, a bulk verify) lose, not win.
 */
export function updateWorkItem(
  db: Kysely<DB>,
  workId: number,
  statusBefore: string,
  values: Updateable<WorkItemsTable>,
): Promise<boolean> {
  return updatesAnyRow(
    db.updateTable('work_items').set(values).where('id', '=', workId).where('status', '=', statusBefore),
  );
}

/** The same values on several items at once (due dates moved by the calendar). */
export async function updateWorkItems(
  db: Kysely<DB>,
  workIds: number[],
  values: Updateable<WorkItemsTable>,
): Promise<void> {
  if (workIds.length === 0) return;
  await db.updateTable('work_items').set(values).where('id', 'in', workIds).execute();
}

export async function insertHistoryRows(db: Kysely<DB>, rows: Insertable<WorkItemHistoryTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('work_item_history').values(rows).execute();
}

export type HistoryValues = { field: string; from: string | null; to: string | null };

export async function insertHistory(
  db: Kysely<DB>,
  workId: number,
  actorId: number | null,
  entries: HistoryValues[],
  at: string,
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('work_item_history')
    .values(
      entries.map((entry) => ({
        work_item_id: workId,
        actor_id: actorId,
        field: entry.field,
        from_value: entry.from,
        to_value: entry.to,
        created_at: at,
      })),
    )
    .execute();
}

/** An item's history, oldest first, with who made each change. */
export function listHistory(db: Kysely<DB>, workId: number) {
  return db
    .selectFrom('work_item_history')
    .$call(joinPersonName('actor', 'work_item_history.actor_id'))
    .select([
      'work_item_history.id',
      'work_item_history.field',
      'work_item_history.from_value',
      'work_item_history.to_value',
      'work_item_history.actor_id',
      'work_item_history.created_at',
    ])
    .where('work_item_history.work_item_id', '=', workId)
    .orderBy('work_item_history.id')
    .execute();
}

/** Names of some users, in one query (assignees named in a history). */
export async function listNamesOf(db: Kysely<DB>, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim()]));
}

/** The open items of one rule (one period, or all), to move their due dates after the rule changed. */
export function listOpenItemsOfRule(db: Kysely<DB>, ruleId: number, period?: string) {
  let query = db
    .selectFrom('work_items')
    .innerJoin('users as client', 'client.id', 'work_items.client_id')
    .select(['work_items.id', 'work_items.period', 'work_items.due_date', 'work_items.event_date', 'client.state'])
    .where('work_items.rule_id', '=', ruleId)
    .where('work_items.is_open', '=', 1);
  if (period !== undefined) query = query.where('work_items.period', '=', period);
  return query.orderBy('work_items.id').execute();
}

/**
 * Open items of one client service to hand to its new assignee: those nobody has, or (the service went
 * to another firm) every one not already its.
 */
export function listOpenItemsToHandOver(
  db: Kysely<DB>,
  target: { clientId: number; serviceId: number; assigneeId: number; whoeverHasThem: boolean },
) {
  return db
    .selectFrom('work_items')
    .select(['id'])
    .where('client_id', '=', target.clientId)
    .where('service_id', '=', target.serviceId)
    .where('is_open', '=', 1)
    .where((eb) =>
      target.whoeverHasThem
        ? eb.or([eb('assignee_id', 'is', null), eb('assignee_id', '!=', target.assigneeId)])
        : eb('assignee_id', 'is', null),
    )
    .orderBy('id')
    .execute();
}

/**
 * A client's open items that someone outside its firm holds or reviews: what another firm kept when the
 * client came back to its own staff. The firm is its MPC's id (an MPC's own row names no firm).
 */
export function listOpenItemsHeldOutsideFirm(db: Kysely<DB>, target: { clientId: number; firmId: number }) {
  const outside = (column: 'assignee_id' | 'reviewer_id') =>
    sql<SqlBool>`exists (select 1 from users as holder where holder.id = ${sql.ref(`work_items.${column}`)}
      and holder.id <> ${target.firmId} and (holder.firm_id is null or holder.firm_id <> ${target.firmId}))`;
  return db
    .selectFrom('work_items')
    .select([
      'id',
      'service_id',
      sql<number>`case when ${outside('assignee_id')} then 1 else 0 end`.as('assignee_outside'),
      sql<number>`case when ${outside('reviewer_id')} then 1 else 0 end`.as('reviewer_outside'),
    ])
    .where('client_id', '=', target.clientId)
    .where('is_open', '=', 1)
    .where((eb) => eb.or([outside('assignee_id'), outside('reviewer_id')]))
    .orderBy('id')
    .execute();
}

/** The firm's active MPC, PCs and executors, by name: the people work may be assigned to. */
export function listFirmStaff(db: Kysely<DB>, firmId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'role_id', 'firm_id', 'created_by', 'assign_service_type', 'first_name', 'last_name'])
    .where('firm_id', '=', firmId)
    .where('role_id', 'in', [2, 3, 4])
    .where('status', '=', 'active')
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
}
