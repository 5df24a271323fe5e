import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { openValue, sealValue } from '../../encryption/value-cipher.js';
import { type CarriedLink, forgetMailTo, insertMail, listMailStates } from './mail-outbox.repository.js';

/** One message: plain text plus simple HTML, to one recipient. */
export type MailMessage = { to: string; subject: string; text: string; html: string };

type Sender = Pick<AppContext, 'keyring' | 'clock'>;

/** The outbox row of a message, its body sealed at rest, due now. */
function sealMail(context: Sender, message: MailMessage) {
  return {
    recipient: message.to,
    subject: message.subject,
    body: sealValue(context.keyring, JSON.stringify({ text: message.text, html: message.html })),
    now: context.clock.now().toISOString(),
  };
}

/**
 * Queues a message in the caller's transaction (so it goes only if the change that caused it is kept).
 * Delivery happens later, off the request (mail-delivery.ts); call `context.mail.wake()` after the
 * transaction commits to send it now rather than at the next poll. A message with a reset or invitation
 * link names it (`link`), so that its copy in the outbox folder goes when the link stops working.
 * Answers the message's id, for a caller that shows its state later (`readMailStates`).
 */
export async function queueMail(
  db: Kysely<DB>,
  context: Sender,
  message: MailMessage,
  link?: CarriedLink,
): Promise<number> {
  const id = await insertMail(db, { ...sealMail(context, message), link });
  // Without a dedupe key the insert always adds its row.
  return id as number;
}

/**
 * Queues a message that must go once, claimed by its key in the same statement (docs/decisions/0024):
 * of any number of processes, runs or restarts, the first queues it and the others add nothing. Answers
 * whether this call queued it.
 */
export async function queueMailOnce(
  db: Kysely<DB>,
  context: Sender,
  message: MailMessage,
  dedupeKey: string,
): Promise<boolean> {
  const id = await insertMail(db, { ...sealMail(context, message), dedupeKey });
  return id !== undefined;
}

export function openMailBody(context: Pick<AppContext, 'keyring'>, sealed: string): { text: string; html: string } {
  const body = JSON.parse(openValue(context.keyring, sealed)) as { text: string; html: string };
  return { text: String(body.text), html: String(body.html) };
}

/** Where a queued message stands: `queued` (or being retried), `sent` (with when) or `failed` (given up). */
export type MailState = { status: 'queued' | 'sent' | 'failed'; sentAt: string | null };

/**
 * The state of some messages by id, as the queue holds them; a message missing from the answer is gone
 * (finished mail is removed a week after its last attempt, mail-tasks.ts).
 */
export async function readMailStates(db: Kysely<DB>, ids: number[]): Promise<Map<number, MailState>> {
  const rows = ids.length === 0 ? [] : await listMailStates(db, ids);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        status: row.status === 'sent' || row.status === 'failed' ? row.status : 'queued',
        sentAt: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
      },
    ]),
  );
}

/** Erasing a person (the `retention` module): its queued mail goes and the outbox forgets its address. */
export function forgetMailOf(db: Kysely<DB>, recipient: string, replacement: string): Promise<number> {
  return forgetMailTo(db, recipient, replacement);
}
