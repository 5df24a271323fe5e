import type { AppContext } from '../../app-context.js';
import type { ScheduledTask, Scheduler } from '../scheduled-work/scheduler.js';
import { onRuleChanged } from './compliance-hooks.js';
import { deleteQueuedRedate, listQueuedRedates } from './compliance-redates.repository.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Re-dates the open items of the rules a calendar migration changed (0072 queues them): fires
 * `onRuleChanged` for each as a change of its dates by nobody (`work` moves its open items to the dates
 * it now gives, as after an admin's change of the day; a statutory item's date is never moved by hand),
 * then takes the rule off the queue. A failure leaves it queued for the next run. Answers how many rules
 * it re-dated.
 */
export async function redateQueuedRules(context: AppContext): Promise<number> {
  const queued = await listQueuedRedates(context.db);
  let done = 0;
  for (const entry of queued) {
    // One rule's failure leaves it queued for the next run and does not hold back the rules after it.
    try {
      await onRuleChanged.fire(context, {
        ruleId: entry.rule_id,
        actorId: null,
        datesChanged: true,
        generates: false,
        at: context.clock.now(),
      });
      await deleteQueuedRedate(context.db, entry);
      done += 1;
      context.log.info({ rule: entry.rule_id, reason: entry.reason }, 'Re-dated open items after a calendar update');
    } catch (error) {
      context.log.error({ err: error, rule: entry.rule_id }, 'Could not re-date open items; the rule stays queued');
    }
  }
  return done;
}

/** At each start (the queue fills only by migration), then hourly: an empty queue costs one read. */
export const COMPLIANCE_TASKS: ScheduledTask[] = [
  { name: 'redate-after-calendar-update', everyMs: HOUR_MS, runsAtStart: true, run: redateQueuedRules },
];

export function registerComplianceTasks(scheduler: Scheduler): void {
  for (const task of COMPLIANCE_TASKS) scheduler.register(task);
}
