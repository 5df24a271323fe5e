import type { BreachNotice, BreachNoticesSent, BreachPage } from '@portal/contract/breaches';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { fullName } from '../../db/person-name.js';
import { recordAudit } from '../audit/audit.service.js';
import { queueMail, readMailStates } from '../mail/mail-queue.js';
import type { ScheduledTask, Scheduler } from '../scheduled-work/scheduler.js';
import { presentNotice, readDataKinds } from './breach.presenter.js';
import { findVisibleBreach } from './breach-access.js';
import { type DataProtectionContact, readDataProtectionContact } from './breach-hooks.js';
import { type BreachNoticeContent, breachNoticeMessage, describeSender } from './breach-mail.js';
import {
  claimNotice,
  listAffectedPeople,
  listNotices,
  listQueuedNotices,
  type NoticeAudience,
  setNoticeMail,
  settleNotice,
} from './breach-notices.repository.js';
import { addNoticesMade, type BreachRow, findFirstAdmin, findPerson } from './breaches.repository.js';

/** People given their notices in one transaction: a firm of thousands of clients never holds the database long. */
const BATCH = 200;
const HOUR_MS = 60 * 60 * 1000;

/** An address the queue can send to; a person without one is listed "not sent: no email". */
const isMailable = (email: string | null) => email !== null && /^[^\s@]+@[^\s@]+$/.test(email.trim());

type Person = NonNullable<Awaited<ReturnType<typeof findPerson>>>;
const nameOf = (person: Person) => fullName(person.first_name, person.last_name);
const contactOf = (person: Person | undefined): DataProtectionContact | null =>
  person ? { name: nameOf(person), email: person.email, phone: person.mobile_number } : null;

/**
 * Whom a notice names to ask (rule 7(1)(e)): the data protection contact the `privacy` module keeps for
 * the firm (the platform); without one, the firm's MPC, or for the platform the admin who recorded the
 * entry (the first active admin once that one is gone).
 */
async function resolveContact(context: AppContext, row: BreachRow): Promise<DataProtectionContact | null> {
  const kept = await readDataProtectionContact.call(context.db, row.firm_id);
  if (kept) return kept;
  if (row.firm_id !== null) return contactOf(await findPerson(context.db, row.firm_id));
  const recorder = row.created_by === null ? undefined : await findPerson(context.db, row.created_by);
  return contactOf(recorder ?? (await findFirstAdmin(context.db)));
}

async function buildContent(context: AppContext, row: BreachRow): Promise<BreachNoticeContent> {
  const firm = row.firm_id === null ? undefined : await findPerson(context.db, row.firm_id);
  return {
    sender: describeSender(firm ? { firmName: firm.firm_name, ownerName: nameOf(firm) } : null),
    platform: row.firm_id === null,
    foundAt: new Date(row.found_at),
    description: row.description,
    dataKinds: readDataKinds(row.data_kinds),
    dataOther: row.data_other,
    consequences: row.consequences,
    measures: row.measures,
    advice: row.advice,
    contact: await resolveContact(context, row),
  };
}

/**
 * `POST /api/breaches/{id}/notices`: the notice to each affected person who has none yet, mailed through
 * the queue. A batch of people is one transaction: each person's notice is claimed on the (entry, person)
 * unique index, then its mail queued and its event written, so pressing twice, or two keepers at once,
 * gives each person one notice and one mail. Answers what this press did.
 */
export async function sendBreachNotices(
  context: AppContext,
  actor: Actor,
  id: number,
  ip: string,
): Promise<BreachNoticesSent> {
  const row = await findVisibleBreach(context, actor, id, 'breach.notify');
  const content = await buildContent(context, row);
  const audience: NoticeAudience = {
    breachId: row.id,
    register: row.firm_id,
    everyone: row.affected === 'everyone',
    includeStaff: row.include_staff === 1,
  };
  const total: BreachNoticesSent = { queued: 0, already: 0, no_email: 0 };
  let afterId = 0;
  for (;;) {
    const people = await listAffectedPeople(context.db, audience, afterId, BATCH);
    if (people.length === 0) break;
    const done = await context.db.transaction().execute(async (trx) => {
      const counts: BreachNoticesSent = { queued: 0, already: 0, no_email: 0 };
      const at = context.clock.now();
      for (const person of people) {
        const mailable = isMailable(person.email);
        const claim = { breachId: row.id, userId: person.id, by: actor.id, at: at.toISOString() };
        const noticeId = await claimNotice(trx, { ...claim, status: mailable ? 'queued' : 'no_email' });
        if (noticeId === undefined) counts.already += 1;
        else if (!mailable) counts.no_email += 1;
        else {
          const recipient = { email: person.email.trim(), first_name: person.first_name };
          await setNoticeMail(trx, noticeId, await queueMail(trx, context, breachNoticeMessage(recipient, content)));
          counts.queued += 1;
        }
      }
      const made = counts.queued + counts.no_email;
      if (made > 0) await addNoticesMade(trx, row.id, made);
      if (made > 0)
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'breach.notify',
          entityType: 'breach',
          entityId: row.id,
          details: { queued: counts.queued, no_email: counts.no_email },
          ip,
          at,
        });
      return counts;
    });
    total.queued += done.queued;
    total.already += done.already;
    total.no_email += done.no_email;
    if (done.queued > 0) context.mail.wake();
    afterId = (people[people.length - 1] as { id: number }).id;
    if (people.length < BATCH) break;
  }
  return total;
}

/** `GET /api/breaches/{id}/notices`: who was sent a notice, when, and where its mail stands. */
export async function listBreachNotices(
  context: AppContext,
  actor: Actor,
  id: number,
  query: { after?: number | undefined; limit: number },
): Promise<BreachPage<BreachNotice>> {
  await findVisibleBreach(context, actor, id);
  const rows = await listNotices(context.db, id, {
    ...(query.after !== undefined ? { after: query.after } : {}),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const waiting = page.flatMap((row) => (row.status === 'queued' && row.mail_id !== null ? [row.mail_id] : []));
  const mail = await readMailStates(context.db, waiting);
  const data = page.map((row) => presentNotice(row, row.mail_id === null ? undefined : mail.get(row.mail_id)));
  const last = page[page.length - 1];
  return { data, per_page: query.limit, next: rows.length > query.limit && last ? last.id : null };
}

/**
 * Keeps the queue's last word on each notice (sent, or given up): the queue forgets finished mail after a
 * week, the register never. Answers how many notices it settled.
 */
export async function settleBreachNotices(context: AppContext): Promise<number> {
  let settled = 0;
  let afterId = 0;
  for (;;) {
    const queued = await listQueuedNotices(context.db, afterId, BATCH);
    if (queued.length === 0) return settled;
    const states = await readMailStates(
      context.db,
      queued.flatMap((notice) => (notice.mail_id === null ? [] : [notice.mail_id])),
    );
    for (const notice of queued) {
      const state = notice.mail_id === null ? undefined : states.get(notice.mail_id);
      if (state === undefined || state.status === 'queued') continue;
      await settleNotice(context.db, notice.id, { status: state.status, sentAt: state.sentAt });
      settled += 1;
    }
    afterId = (queued[queued.length - 1] as { id: number }).id;
  }
}

export const BREACH_TASKS: ScheduledTask[] = [
  { name: 'settle-breach-notices', everyMs: HOUR_MS, run: (context) => settleBreachNotices(context) },
];

export function registerBreachTasks(scheduler: Scheduler): void {
  for (const task of BREACH_TASKS) scheduler.register(task);
}
