import { ROLE_ID } from '@portal/contract/roles';
import { type Expression, type Insertable, type Kysely, type SqlBool, sql, type Updateable } from 'kysely';
import { insertNewRows, insertRow } from '../../db/insert-new-rows.js';
import type { DB, RecurringTasksTable, WorkItemsTable } from '../../db/schema.js';
import { joinServiceHandling } from '../../db/service-handling.js';
import type { ClientServiceColumns } from '../../policy/client-service-reach.js';
import { readPlanningMark, savePlanningMark } from './work-generation.repository.js';

/** Where a recurring task's client service is read from, for the one SQL reading of reach. */
export const RECURRING_TASK_COLUMNS: ClientServiceColumns = {
  firm: sql.ref<number>('recurring_tasks.firm_id'),
  client: sql.ref<number>('recurring_tasks.client_id'),
  service: sql.ref<number>('recurring_tasks.service_id'),
};

/** A client's tasks within `reach`, oldest first, with their service's name, the next open item and `manage`. */
export function listTasksOfClient(
  db: Kysely<DB>,
  clientId: number,
  reach: Expression<SqlBool>,
  manageReach: Expression<SqlBool>,
) {
  return db
    .selectFrom('recurring_tasks')
    .innerJoin('services', 'services.id', 'recurring_tasks.service_id')
    .selectAll('recurring_tasks')
    .select('services.service_name')
    .select((eb) => [
      sql<number>`case when ${manageReach} then 1 else 0 end`.as('may_manage'),
      eb
        .selectFrom('work_items as planned')
        .select((inner) => inner.fn.min<string>('planned.due_date').as('due'))
        .whereRef('planned.recurring_task_id', '=', 'recurring_tasks.id')
        .where('planned.is_open', '=', 1)
        .as('next_due_date'),
    ])
    .where('recurring_tasks.client_id', '=', clientId)
    .where(reach)
    .orderBy('recurring_tasks.id')
    .execute();
}
export type RecurringTaskRow = Awaited<ReturnType<typeof listTasksOfClient>>[number];

/** One task, if it lies within `reach`. */
export function findTaskWithin(db: Kysely<DB>, taskId: number, reach: Expression<SqlBool>) {
  return db.selectFrom('recurring_tasks').selectAll().where('id', '=', taskId).where(reach).executeTakeFirst();
}

export function insertTask(db: Kysely<DB>, values: Insertable<RecurringTasksTable>): Promise<number> {
  return insertRow(db, 'recurring_tasks', values);
}

export async function updateTask(
  db: Kysely<DB>,
  taskId: number,
  values: Updateable<RecurringTasksTable>,
): Promise<void> {
  await db.updateTable('recurring_tasks').set(values).where('id', '=', taskId).execute();
}

/**
 * The active tasks (or one) whose client still takes the service and is not disabled, with who handles
 * the service: what planning reads.
 */
export function listPlannableTasks(db: Kysely<DB>, taskId?: number) {
  let query = db
    .selectFrom('recurring_tasks as task')
    .innerJoin('users as client', 'client.id', 'task.client_id')
    .innerJoin('user_services as taken', (join) =>
      join.onRef('taken.user_id', '=', 'task.client_id').onRef('taken.service_id', '=', 'task.service_id'),
    )
    .$call(joinServiceHandling('task.client_id', 'task.service_id'))
    .select([
      'task.id',
      'task.firm_id',
      'task.client_id',
      'task.service_id',
      'task.title',
      'task.cadence',
      'task.due_day',
      'task.months_after',
      'task.starts_on',
      'task.ends_on',
      'task.active_since',
      'client.assign_service_type',
      'handling.pc_id',
      'handling.executor_id',
      'handling.mpc_id',
    ])
    .where('task.active', '=', 1)
    .where('client.role_id', '=', ROLE_ID.client)
    .where('client.status', '!=', 'deactivated');
  if (taskId !== undefined) query = query.where('task.id', '=', taskId);
  return query.orderBy('task.id').execute();
}
export type PlannableTask = Awaited<ReturnType<typeof listPlannableTasks>>[number];

/** Inserts planned items, skipping a task's period that already has one (the unique key decides). */
export function insertRecurringItems(db: Kysely<DB>, rows: Insertable<WorkItemsTable>[]): Promise<number> {
  return insertNewRows(db, 'work_items', rows, ['recurring_task_id', 'period']);
}

const MARK = 'recurring';

/** The last day the daily run planned recurring work through (null before its first run). */
export function readRecurringThrough(db: Kysely<DB>): Promise<string | null> {
  return readPlanningMark(db, MARK);
}

/** Moves the mark forward only, as the statutory one (work-generation.repository.ts). */
export function saveRecurringThrough(db: Kysely<DB>, through: string, now: string): Promise<void> {
  return savePlanningMark(db, MARK, through, now);
}
