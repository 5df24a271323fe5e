import type { ScheduledTask, Scheduler } from '../scheduled-work/scheduler.js';
import { runDailyDigest } from './daily-digest.service.js';
import { raiseDueNotices } from './due-notices.service.js';

const MINUTE_MS = 60_000;

/**
 * The notices that follow the clock (docs/notifications.md). Both are safe to run at any time and on
 * any number of processes: what they write is claimed by a unique key. The due pass runs hourly, so an
 * item becomes "overdue" on the bell within an hour of midnight in India; the digest pass every five
 * minutes does nothing before 08:00 IST or after the day's digest is done.
 */
export const NOTIFICATION_TASKS: ScheduledTask[] = [
  { name: 'raise-due-notices', everyMs: 60 * MINUTE_MS, run: (context) => raiseDueNotices(context) },
  {
    name: 'send-daily-digest',
    everyMs: 5 * MINUTE_MS,
    leaseMs: 30 * MINUTE_MS,
    run: (context) => runDailyDigest(context),
  },
];

export function registerNotificationTasks(scheduler: Scheduler): void {
  for (const task of NOTIFICATION_TASKS) scheduler.register(task);
}
