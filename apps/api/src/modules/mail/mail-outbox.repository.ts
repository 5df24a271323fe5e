import type { Kysely } from 'kysely';
import { insertRowOnce } from '../../db/insert-new-rows.js';
import type { DB } from '../../db/schema.js';

export type ClaimedMail = {
  id: number;
  recipient: string;
  subject: string;
  body: string | null;
  attempts: number;
  link_expires_at: string | null;
};

/** The reset or invitation link a message carries (its `password_links` row), with its end. */
export type CarriedLink = { passwordLinkId: number; expiresAt: string };

/**
 * Queues one message. With a `dedupeKey` the insert is also the claim: a key already queued (by any
 * process, at any time the row is kept) adds nothing and answers undefined.
 */
export function insertMail(
  db: Kysely<DB>,
  values: { recipient: string; subject: string; body: string; now: string; dedupeKey?: string; link?: CarriedLink },
): Promise<number | undefined> {
  const mail = {
    recipient: values.recipient,
    subject: values.subject,
    body: values.body,
    status: 'queued',
    next_attempt_at: values.now,
    created_at: values.now,
    dedupe_key: values.dedupeKey ?? null,
    password_link_id: values.link?.passwordLinkId ?? null,
    link_expires_at: values.link?.expiresAt ?? null,
  };
  return insertRowOnce(db, 'mail_outbox', mail, ['dedupe_key']);
}

/** The status of some messages (and when each was sent), by id. */
export function listMailStates(db: Kysely<DB>, ids: number[]) {
  return db.selectFrom('mail_outbox').select(['id', 'status', 'sent_at']).where('id', 'in', ids).execute();
}

/** Queued messages whose time has come and that no process holds. */
export async function listDueMailIds(db: Kysely<DB>, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes one message for this process until `leaseUntil`, in one conditional statement: of two processes
 * claiming the same row, the database lets exactly one update it (the other sees the new lease and
 * updates nothing), so a message is never sent twice at once.
 */
export function claimMail(
  db: Kysely<DB>,
  id: number,
  now: string,
  leaseUntil: string,
): Promise<ClaimedMail | undefined> {
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({ claimed_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .returning(['id', 'recipient', 'subject', 'body', 'attempts', 'link_expires_at'])
    .executeTakeFirst();
}

/** Delivered: the body (which may hold a link) goes at once; `outboxFile` names the file still holding its link. */
export async function markMailSent(db: Kysely<DB>, id: number, now: string, outboxFile: string | null): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', body: null, sent_at: now, claimed_until: null, last_error: null, outbox_file: outboxFile })
    .where('id', '=', id)
    .execute();
}

export async function scheduleMailRetry(
  db: Kysely<DB>,
  id: number,
  values: { nextAttemptAt: string; error: string },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: values.nextAttemptAt, claimed_until: null, last_error: values.error.slice(0, 300) })
    .where('id', '=', id)
    .execute();
}

/** Given up: kept for the record without its body. */
export async function markMailFailed(db: Kysely<DB>, id: number, error: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'failed', body: null, claimed_until: null, last_error: error.slice(0, 300) })
    .where('id', '=', id)
    .execute();
}

/**
 * Delivered and failed rows older than `before` (by their last attempt) are of no use any more; one that
 * names an outbox file stays until its link ended before `linkEndedBefore`, so the file is not forgotten.
 */
export async function deleteFinishedMailBefore(db: Kysely<DB>, before: string, linkEndedBefore: string): Promise<void> {
  await db
    .deleteFrom('mail_outbox')
    .where('status', 'in', ['sent', 'failed'])
    .where('next_attempt_at', '<', before)
    .where((eb) => eb.or([eb('outbox_file', 'is', null), eb('link_expires_at', '<', linkEndedBefore)]))
    .execute();
}

/**
 * Outbox files whose link no longer works: expired, or its `password_links` row used or gone (a newer
 * link, a new password, the user deleted). Read here, beside the queue, so that the password module
 * need not know about files.
 */
export function listSpentOutboxLinks(db: Kysely<DB>, now: string): Promise<{ id: number; outbox_file: string }[]> {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'outbox_file'])
    .where('outbox_file', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('link_expires_at', '<=', now),
        eb.not(
          eb.exists(
            eb
              .selectFrom('password_links')
              .select('password_links.id')
              .whereRef('password_links.id', '=', 'mail_outbox.password_link_id')
              .where('password_links.used_at', 'is', null)
              .where('password_links.expires_at', '>', now),
          ),
        ),
      ]),
    )
    .orderBy('id')
    .$narrowType<{ outbox_file: string }>()
    .execute();
}

/** The file is gone: nothing is left to remove for this message. */
export async function forgetOutboxFile(db: Kysely<DB>, id: number): Promise<void> {
  await db.updateTable('mail_outbox').set({ outbox_file: null }).where('id', '=', id).execute();
}

/**
 * A person erased (issue 25): mail still queued to its address is not sent, and what was sent or given up
 * keeps no address of it (its row stays until the housekeeping that removes finished mail).
 */
export async function forgetMailTo(db: Kysely<DB>, recipient: string, replacement: string): Promise<number> {
  const dropped = await db
    .deleteFrom('mail_outbox')
    .where('recipient', '=', recipient)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  await db.updateTable('mail_outbox').set({ recipient: replacement }).where('recipient', '=', recipient).execute();
  return Number(dropped.numDeletedRows);
}
