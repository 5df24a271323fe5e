import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { readRequestReminderDays } from '../firm-settings/firm-settings.service.js';
import type { ScheduledTask, Scheduler } from '../scheduled-work/scheduler.js';
import { recordRequestEvent } from './request-audit.js';
import { sendRequestReminderMail } from './request-mails.js';
import { lockOpenRequest } from './requests.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/** The time the next reminder is due: `days` after the last mail. */
export const nextReminderAt = (lastMailedAt: string, days: number) =>
  new Date(Date.parse(lastMailedAt) + days * DAY_MS).toISOString();

function listDueReminders(db: Kysely<DB>, now: string, afterId: number) {
  return db
    .selectFrom('document_requests')
    .select('id')
    .where('status', '=', 'open')
    .where('next_reminder_at', '<=', now)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(BATCH)
    .execute();
}

/**
 * Sends every reminder that is due (docs/compliance-calendar.md, "Document requests"). Each is one
 * transaction: the request held (a request closed meanwhile sends nothing), reminder number n+1
 * claimed with its mail (`sendRequestReminderMail`: a number another run claimed first sends nothing
 * here), and the next one due the firm's interval later. A server that was down sends a missed
 * reminder when it is back (one, not one per missed interval); answers how many it claimed.
 */
export async function sendDueReminders(context: AppContext): Promise<number> {
  const now = context.clock.now().toISOString();
  let claimed = 0;
  let afterId = 0;
  for (;;) {
    const due = await listDueReminders(context.db, now, afterId);
    for (const request of due) {
      const sent = await context.db.transaction().execute(async (trx) => {
        // Read again under the lock: another run may have sent this one since the list was read.
        const fresh = await lockOpenRequest(trx, request.id, now);
        if (!fresh?.next_reminder_at || fresh.next_reminder_at > now) return false;
        const number = fresh.reminders_sent + 1;
        if (!(await sendRequestReminderMail(trx, context, request.id, number))) return false;
        const days = await readRequestReminderDays(trx, fresh.firm_id);
        await trx
          .updateTable('document_requests')
          .set({ reminders_sent: number, last_mailed_at: now, next_reminder_at: nextReminderAt(now, days) })
          .where('id', '=', request.id)
          .execute();
        await recordRequestEvent(
          trx,
          'request.remind',
          { requestId: request.id, clientId: fresh.client_id },
          { actorId: null, at: context.clock.now() },
          { reminder: number },
        );
        return true;
      });
      if (sent) claimed += 1;
    }
    if (due.length < BATCH) break;
    afterId = (due[due.length - 1] as { id: number }).id;
  }
  if (claimed > 0) context.mail.wake();
  return claimed;
}

/** A firm's interval changed: each open request's next reminder is that many days after its last mail. */
export async function rescheduleFirmReminders(
  db: Kysely<DB>,
  { firmId, requestReminderDays: days }: { firmId: number; requestReminderDays: number },
): Promise<void> {
  const open = await db
    .selectFrom('document_requests')
    .select(['id', 'last_mailed_at'])
    .where('firm_id', '=', firmId)
    .where('status', '=', 'open')
    .execute();
  for (const request of open)
    await db
      .updateTable('document_requests')
      .set({ next_reminder_at: nextReminderAt(request.last_mailed_at, days) })
      .where('id', '=', request.id)
      .execute();
}

// Often enough that a reminder goes within minutes of its time; the claim makes any overlap harmless.
export const REMINDER_TASK_MS = 10 * 60 * 1000;

export const REQUEST_TASKS: ScheduledTask[] = [
  { name: 'send-request-reminders', everyMs: REMINDER_TASK_MS, run: (context) => sendDueReminders(context) },
];

export function registerRequestTasks(scheduler: Scheduler): void {
  for (const task of REQUEST_TASKS) scheduler.register(task);
}
