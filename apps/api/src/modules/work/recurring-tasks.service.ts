import { type Frequency, labelPeriod, periodOfMonth } from '@portal/contract/compliance-periods';
import { indianDateOf } from '@portal/contract/plain-dates';
import {
  RECURRING_MESSAGES as M,
  type RecurringCadence,
  type RecurringTask,
  type RecurringTaskUpdateInput,
  type recurringTaskCreateSchema,
} from '@portal/contract/recurring';
import { ROLE_ID } from '@portal/contract/roles';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failForbidden, failNotFound, failValidation } from '../../http/http-error.js';
import { clientServiceReach, withinReach } from '../../policy/client-service-reach.js';
import { clientServiceScopeFor } from '../../policy/client-service-scope.js';
import { userScopeFor } from '../../policy/user-scope.js';
import { clientHasService, readClientServiceAccess } from '../client-services/client-services.service.js';
import { findUserInScope } from '../users/users.service.js';
import {
  findTaskWithin,
  insertTask,
  listTasksOfClient,
  RECURRING_TASK_COLUMNS,
  type RecurringTaskRow,
  updateTask,
} from './recurring-tasks.repository.js';
import { planRecurringWork } from './work-recurring.service.js';

const reachOf = (actor: Actor, action: 'recurring.view' | 'recurring.manage') =>
  withinReach(clientServiceReach(clientServiceScopeFor(actor, action), RECURRING_TASK_COLUMNS));

/** The period of `cadence` holding a month typed as `yyyy-mm`. */
const periodOfTypedMonth = (cadence: Frequency, month: string) =>
  periodOfMonth(cadence, { year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)) }).key;

function presentTask(row: RecurringTaskRow): RecurringTask {
  return {
    id: row.id,
    client_id: row.client_id,
    service_id: row.service_id,
    service_name: row.service_name,
    title: row.title,
    cadence: row.cadence as RecurringCadence,
    due_day: row.due_day,
    months_after: row.months_after,
    starts_on: row.starts_on,
    starts_label: labelPeriod(row.starts_on),
    ends_on: row.ends_on,
    ends_label: row.ends_on ? labelPeriod(row.ends_on) : null,
    active: row.active === 1,
    next_due_date: row.next_due_date ?? null,
    permissions: { manage: Number(row.may_manage) === 1 },
  };
}

/**
 * `GET /api/clients/{id}/recurring-tasks`: the client's tasks of the services the caller reaches; a client
 * the caller does not see answers 404, as one that does not exist.
 */
export async function listRecurringTasks(context: AppContext, actor: Actor, clientId: number) {
  const client = await findUserInScope(context.db, userScopeFor(actor), clientId);
  if (!client || client.role_id !== ROLE_ID.client) failNotFound(M.clientNotFound);
  const rows = await listTasksOfClient(
    context.db,
    clientId,
    reachOf(actor, 'recurring.view'),
    reachOf(actor, 'recurring.manage'),
  );
  return rows.map(presentTask);
}

async function readTask(context: AppContext, actor: Actor, clientId: number, taskId: number) {
  const tasks = await listRecurringTasks(context, actor, clientId);
  return tasks.find((task) => task.id === taskId) as RecurringTask;
}

/** Plans the task's periods at once; the save stands if this fails, and the daily run catches up. */
async function planNow(context: AppContext, taskId: number) {
  try {
    await planRecurringWork(context, indianDateOf(context.clock.now()), { taskId });
  } catch (error) {
    context.log.warn({ err: error, taskId }, 'Could not plan a recurring task');
  }
}

/** `POST /api/recurring-tasks`: a task for a client service of the caller's firm, planned at once. */
export async function createRecurringTask(
  context: AppContext,
  actor: Actor,
  input: z.output<typeof recurringTaskCreateSchema>,
): Promise<RecurringTask> {
  const ids = { clientId: input.client_id, serviceId: input.service_id };
  const access = await readClientServiceAccess(context.db, actor, ids, ['recurring.view', 'recurring.manage']);
  if (!access?.allows('recurring.view') || access.client.firmId === null) failNotFound(M.clientNotFound);
  if (!access.allows('recurring.manage')) failForbidden();
  if (!(await clientHasService(context.db, input.client_id, input.service_id)))
    failValidation('service_id', M.serviceNotOfClient);
  const now = context.clock.now().toISOString();
  const id = await insertTask(context.db, {
    firm_id: access.client.firmId,
    client_id: input.client_id,
    service_id: input.service_id,
    title: input.title,
    cadence: input.cadence,
    due_day: input.due_day,
    months_after: input.months_after,
    starts_on: periodOfTypedMonth(input.cadence, input.starts_month),
    ends_on: input.ends_month ? periodOfTypedMonth(input.cadence, input.ends_month) : null,
    active: 1,
    active_since: now,
    created_by: actor.id,
    created_at: now,
    updated_at: now,
  });
  await planNow(context, id);
  return readTask(context, actor, input.client_id, id);
}

/**
 * `PUT /api/recurring-tasks/{id}`: pause, resume (planning from today on), end, or change the title and
 * due-date rule of the periods not planned yet; items already planned keep theirs (each can be edited).
 */
export async function updateRecurringTask(
  context: AppContext,
  actor: Actor,
  taskId: number,
  input: RecurringTaskUpdateInput,
): Promise<RecurringTask> {
  const task = await findTaskWithin(context.db, taskId, reachOf(actor, 'recurring.view'));
  if (!task) failNotFound(M.notFound);
  if (!(await findTaskWithin(context.db, taskId, reachOf(actor, 'recurring.manage')))) failForbidden();
  const cadence = task.cadence as Frequency;
  const endsOn =
    input.ends_month === undefined
      ? task.ends_on
      : input.ends_month === null
        ? null
        : periodOfTypedMonth(cadence, input.ends_month);
  if (endsOn !== null && endsOn < task.starts_on) failValidation('ends_month', M.endBeforeStart);
  const now = context.clock.now().toISOString();
  const resumed = input.active === true && task.active === 0;
  await updateTask(context.db, taskId, {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.due_day !== undefined ? { due_day: input.due_day } : {}),
    ...(input.months_after !== undefined ? { months_after: input.months_after } : {}),
    ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
    ...(resumed ? { active_since: now } : {}),
    ends_on: endsOn,
    updated_at: now,
  });
  await planNow(context, taskId);
  return readTask(context, actor, task.client_id, taskId);
}
