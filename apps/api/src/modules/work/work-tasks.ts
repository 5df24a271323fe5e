import { indianDateOf } from '@portal/contract/plain-dates';
import type { ScheduledTask, Scheduler } from '../scheduled-work/scheduler.js';
import { runDailyWorkGeneration } from './work-generation.service.js';
import { planRecurringWork } from './work-recurring.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The statutory calendar's daily planning (docs/compliance-calendar.md). One process per due time runs
 * it; a database that has never seen the task runs it at the first tick after start, and a server that
 * was down catches up because generation plans from the saved horizon (`work_generation_state`), not
 * from the day it last ran. Generation is idempotent, so a run that overlaps another one is harmless.
 */
export const WORK_TASKS: ScheduledTask[] = [
  {
    name: 'generate-work-items',
    everyMs: DAY_MS,
    // A first run over many clients plans a year of items: longer than the default claim.
    leaseMs: 60 * 60 * 1000,
    // Recurring tasks' periods are planned in the same run, after the calendar's (decision 0033).
    run: async (context) => {
      await runDailyWorkGeneration(context);
      await planRecurringWork(context, indianDateOf(context.clock.now()));
    },
  },
];

export function registerWorkTasks(scheduler: Scheduler): void {
  for (const task of WORK_TASKS) scheduler.register(task);
}
