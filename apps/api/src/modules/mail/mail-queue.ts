import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { openValue, sealValue } from '../../encryption/value-cipher.js';
import { type CarriedLink, insertMail } from './mail-outbox.repository.js';

/** One message: plain text plus simple HTML, to one recipient. */
export type MailMessage = { to: string; subject: string; text: string; html: string };

/**
 * Queues a message in the caller's transaction (so it goes only if the change that caused it is kept).
 * Delivery happens later, off the request (mail-delivery.ts); call `context.mail.wake()` after the
 * transaction commits to send it now rather than at the next poll. A message with a reset or invitation
 * link names it (`link`), so that its copy in the outbox folder goes when the link stops working.
 */
export async function queueMail(
  db: Kysely<DB>,
  context: Pick<AppContext, 'keyring' | 'clock'>,
  message: MailMessage,
  link?: CarriedLink,
): Promise<void> {
  await insertMail(db, {
    recipient: message.to,
    subject: message.subject,
    body: sealValue(context.keyring, JSON.stringify({ text: message.text, html: message.html })),
    now: context.clock.now().toISOString(),
    link,
  });
}

/**
 * Queues a message that must go once, claimed by its key in the same statement (docs/decisions/0024):
 * of any number of processes, runs or restarts, the first queues it and the others add nothing. Answers
 * whether this call queued it.
 */
export async function queueMailOnce(
  db: Kysely<DB>,
  context: Pick<AppContext, 'keyring' | 'clock'>,
  message: MailMessage,
  dedupeKey: string,
): Promise<boolean> {
  const id = await insertMail(db, {
    recipient: message.to,
    subject: message.subject,
    body: sealValue(context.keyring, JSON.stringify({ text: message.text, html: message.html })),
    now: context.clock.now().toISOString(),
    dedupeKey,
  });
  return id !== undefined;
}

export function openMailBody(context: Pick<AppContext, 'keyring'>, sealed: string): { text: string; html: string } {
  const body = JSON.parse(openValue(context.keyring, sealed)) as { text: string; html: string };
  return { text: String(body.text), html: String(body.html) };
}
