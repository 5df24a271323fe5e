import type { Frequency } from '@portal/contract/compliance-periods';
import { labelPeriod } from '@portal/contract/compliance-periods';
import { addDays, indianDateOf } from '@portal/contract/plain-dates';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { WorkItemsTable } from '../../db/schema.js';
import { type DueRule, listPeriodsDueBetween } from '../compliance/due-dates.js';
import {
  insertRecurringItems,
  listPlannableTasks,
  type PlannableTask,
  readRecurringThrough,
  saveRecurringThrough,
} from './recurring-tasks.repository.js';
import { buildPlannedItemStart } from './work-defaults.js';
import { GENERATION_HORIZON_DAYS } from './work-generation.service.js';

const ROWS_PER_INSERT = 500;

/** A task's cadence and day as the calendar's due-date function reads a rule (no exceptions, no states). */
export const toTaskDueRule = (task: {
  cadence: string;
  due_day: number;
  months_after: number;
  starts_on: string;
}): DueRule => ({
  frequency: task.cadence as Frequency,
  due_day: task.due_day,
  months_after: task.months_after,
  days_after_event: null,
  exceptions: [],
  state_days: [],
  first_period: task.starts_on,
});

/**
 * Plans recurring tasks' work as statutory items are planned (work-generation.service.ts): per active task,
 * one item per period from `starts_on` to `ends_on` due between the day it began planning (created or
 * resumed) and today + 90 days, titled "Bookkeeping · Apr 2026", assigned to the service's handler.
 * Idempotent (unique task and period). The daily run plans past its own mark; a task's own run (created,
 * edited, resumed) looks back to when it began planning.
 */
export async function planRecurringWork(
  context: AppContext,
  today: string,
  scope: { taskId?: number } = {},
): Promise<{ created: number }> {
  const daily = scope.taskId === undefined;
  const through = daily ? await readRecurringThrough(context.db) : null;
  const horizon = addDays(today, GENERATION_HORIZON_DAYS);
  const now = context.clock.now().toISOString();
  const tasks = await listPlannableTasks(context.db, scope.taskId);
  const rows = tasks.flatMap((task) => itemsOf(task, through ? addDays(through, 1) : null, horizon, now));
  let created = 0;
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
    created += await insertRecurringItems(context.db, rows.slice(start, start + ROWS_PER_INSERT));
  if (daily) await saveRecurringThrough(context.db, horizon, now);
  return { created };
}

function itemsOf(task: PlannableTask, after: string | null, horizon: string, now: string) {
  const began = indianDateOf(new Date(task.active_since));
  const from = after && after > began ? after : began;
  if (from > horizon) return [];
  return listPeriodsDueBetween(toTaskDueRule(task), from, horizon)
    .filter((entry) => task.ends_on === null || entry.period <= task.ends_on)
    .map(
      (entry): Insertable<WorkItemsTable> => ({
        firm_id: task.firm_id,
        client_id: task.client_id,
        service_id: task.service_id,
        rule_id: null,
        recurring_task_id: task.id,
        period: entry.period,
        title: `${task.title} · ${labelPeriod(entry.period)}`,
        due_date: entry.dueDate,
        ...buildPlannedItemStart(task, now),
      }),
    );
}
