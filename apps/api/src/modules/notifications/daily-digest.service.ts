import { DIGEST_DAYS_AHEAD, DIGEST_HOUR_IST } from '@portal/contract/notifications';
import { addDays, INDIA_OFFSET_MS, indianDateOf } from '@portal/contract/plain-dates';
import { findRoleName, ROLE_ID } from '@portal/contract/roles';
import type { AppContext } from '../../app-context.js';
import { queueMailOnce } from '../mail/mail-queue.js';
import {
  countDigestItems,
  type DigestRecipient,
  listDigestItems,
  listDigestRecipients,
  markDigestDayDone,
  readDigestDayMark,
} from './digest.repository.js';
import { dailyDigestMessage } from './digest-message.js';
import { readDigestRegisters } from './notification-hooks.js';

const DAY_MS = 24 * 60 * 60_000;
/** Items a digest lists by name; the rest are counted and found on the Work tab. */
const ITEMS_LISTED = 50;

/** Minutes since midnight in India at an instant. */
const indianMinutesOf = (instant: Date) => Math.floor(((instant.getTime() + INDIA_OFFSET_MS) % DAY_MS) / 60_000);

/** The key a person's digest of one India date is claimed under (`mail_outbox.dedupe_key`). */
export const digestKeyOf = (userId: number, date: string) => `daily_digest:${userId}:${date}`;

/** One person's digest, queued once for the date, or nothing when nothing is due any more. */
async function queueDigestOf(context: AppContext, person: DigestRecipient, today: string): Promise<boolean> {
  const until = addDays(today, DIGEST_DAYS_AHEAD);
  const owner = { id: person.id, isMpc: person.role_id === ROLE_ID.mpc };
  const counts = await countDigestItems(context.db, owner, today, until);
  const registers = await readDigestRegisters.call(context, person, today);
  if (counts.overdue + counts.dueSoon + registers.dscExpiring + registers.udinMissing === 0) return false;
  const items = await listDigestItems(context.db, owner, until, ITEMS_LISTED);
  const message = dailyDigestMessage(person, {
    today,
    counts,
    items,
    registers,
    registersLink: `${context.config.appUrl}/${findRoleName(person.role_id)}/registers`,
    workLink: `${context.config.appUrl}/${findRoleName(person.role_id)}/work`,
  });
  return queueMailOnce(context.db, context, message, digestKeyOf(person.id, today));
}

/**
 * The daily digest (docs/notifications.md): from 08:00 in India, each active MPC, PC and executor with
 * overdue work or work due in the next seven days, who has not turned it off, gets one message for the
 * date. Each message is claimed by its key as it is queued, in one statement, so two processes on one
 * database, a rerun or a restart never queue it twice, and one not yet queued is queued by the next
 * pass. Once every recipient is done the date is marked with the instant the pass began: the people
 * who existed then were covered, so the day's later passes look only at people added since (one read
 * and a small indexed one), and someone added that day (a firm set up on the day of installation, after
 * a pass that found nobody) still gets the day's digest. Before 08:00 nothing happens; a date whose
 * 08:00 has passed while every process was down is sent late that day, never the next. Answers how
 * many messages this pass queued.
 */
export async function runDailyDigest(context: AppContext): Promise<number> {
  const now = context.clock.now();
  if (indianMinutesOf(now) < DIGEST_HOUR_IST * 60) return 0;
  const today = indianDateOf(now);
  const coveredFrom = await readDigestDayMark(context.db, today);
  let queued = 0;
  for (const person of await listDigestRecipients(context.db, addDays(today, DIGEST_DAYS_AHEAD), coveredFrom))
    if (await queueDigestOf(context, person, today)) queued += 1;
  if (coveredFrom === undefined) await markDigestDayDone(context.db, today, now.toISOString());
  if (queued > 0) context.mail.wake();
  return queued;
}
