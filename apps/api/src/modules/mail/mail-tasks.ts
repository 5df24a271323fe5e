import { DEFAULT_TICK_MS, type ScheduledTask, type Scheduler } from '../scheduled-work/scheduler.js';
import { deleteFinishedMailBefore } from './mail-outbox.repository.js';
import { removeSpentOutboxLinks } from './outbox-links.js';

const HOUR_MS = 60 * 60_000;
// Sent and given-up rows (bodies already dropped) are kept a week: an operator can still see what went out.
const KEEP_FINISHED_MS = 7 * 24 * HOUR_MS;
// A row naming an outbox file outlives its link by a day: every process's hourly pass looks for the file first.
const KEEP_OUTBOX_FILE_MS = 24 * HOUR_MS;

/**
 * The mail queue's periodic work (docs/decisions/0018). A message is delivered at once when it is queued
 * (`context.mail.wake()`); this pass picks up retries whose time has come and messages left by a process
 * that stopped. One process per due time runs it, and each message is still claimed on its own, so a
 * `wake()` elsewhere running at the same moment never sends a message twice.
 */
export const MAIL_TASKS: ScheduledTask[] = [
  { name: 'deliver-mail', everyMs: DEFAULT_TICK_MS, run: (context) => context.mail.deliverDue() },
  {
    name: 'remove-finished-mail',
    everyMs: HOUR_MS,
    run: (context) => {
      const now = context.clock.now().getTime();
      return deleteFinishedMailBefore(
        context.db,
        new Date(now - KEEP_FINISHED_MS).toISOString(),
        new Date(now - KEEP_OUTBOX_FILE_MS).toISOString(),
      );
    },
  },
  // The outbox folder is on each machine's disk, like DATA_DIR/tmp: every process cleans its own.
  { name: 'remove-spent-outbox-links', everyMs: HOUR_MS, runsOn: 'every-process', run: removeSpentOutboxLinks },
];

export function registerMailTasks(scheduler: Scheduler): void {
  for (const task of MAIL_TASKS) scheduler.register(task);
}
