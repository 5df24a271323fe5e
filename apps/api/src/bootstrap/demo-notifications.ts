import { addDays, indianDateOf } from '@portal/contract/plain-dates';
import type { WorkStatus } from '@portal/contract/work';
import type { AppContext } from '../app-context.js';
import { actorOfUser } from '../auth/actor.js';
import { raiseDueNotices } from '../modules/notifications/due-notices.service.js';
import { updateWorkItem } from '../modules/work/work-writes.service.js';

/** How many of its people's open items each firm's MPC moves on, so their bells have news. */
const MOVES_PER_FIRM = 3;

/**
 * What the demo's bells hold (docs/notifications.md): the services the MPCs handed out (the
 * assignments already told their PCs and executors), each firm's MPC moving a few of this fortnight's
 * items of its people on through the same service as the Work screens, and the due-soon and overdue
 * notices of the daily pass. Safe to run again: a database whose bells already hold a status change is
 * left as it is, and the due pass adds each notice once.
 */
export async function seedDemoNotifications(context: AppContext): Promise<void> {
  const moved = await context.db
    .selectFrom('notifications')
    .select('id')
    .where('kind', '=', 'work_status')
    .limit(1)
    .executeTakeFirst();
  if (!moved) {
    const today = indianDateOf(context.clock.now());
    const mpcs = await context.db
      .selectFrom('users')
      .select(['id', 'role_id', 'firm_id', 'status'])
      .where('role_id', '=', 2)
      .where('status', '=', 'active')
      .orderBy('id')
      .execute();
    for (const mpc of mpcs) {
      const items = await context.db
        .selectFrom('work_items')
        .select(['id', 'status'])
        .where('firm_id', '=', mpc.id)
        .where('is_open', '=', 1)
        .where('assignee_id', 'is not', null)
        .where('assignee_id', '!=', mpc.id)
        .where('due_date', '>=', today)
        .where('due_date', '<=', addDays(today, 14))
        .orderBy('due_date')
        .orderBy('id')
        .limit(MOVES_PER_FIRM)
        .execute();
      for (const item of items) {
        const status: WorkStatus = item.status === 'in_progress' ? 'under_review' : 'in_progress';
        // Sent to review, the MPC checks it (maker-checker: the assignee is never the MPC here).
        const review = status === 'under_review' ? { reviewer_id: mpc.id } : {};
        await updateWorkItem(context, actorOfUser(mpc), item.id, { status, ...review });
      }
    }
  }
  await raiseDueNotices(context);
}
