import { DUE_SOON_DAYS } from '@portal/contract/notifications';
import { addDays, indianDateOf } from '@portal/contract/plain-dates';
import type { AppContext } from '../../app-context.js';
import { insertDueNotices } from './due-notices.repository.js';

/**
 * The bell's due-date notices: every open work item due today to three days ahead gets one "due soon"
 * notice, every overdue one an "overdue" notice, to its assignee (the firm's MPC when nobody is
 * assigned). Once per item, kind and recipient, whatever the number of runs or processes: the rows are
 * keyed and the database skips a key it holds. Answers how many notices were added.
 */
export async function raiseDueNotices(context: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const now = context.clock.now();
  const today = indianDateOf(now);
  const at = now.toISOString();
  const soon = await insertDueNotices(context.db, {
    kind: 'work_due_soon',
    from: today,
    to: addDays(today, DUE_SOON_DAYS),
    now: at,
  });
  const overdue = await insertDueNotices(context.db, {
    kind: 'work_overdue',
    from: null,
    to: addDays(today, -1),
    now: at,
  });
  return soon + overdue;
}
