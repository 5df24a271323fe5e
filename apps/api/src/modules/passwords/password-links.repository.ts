import type { Kysely } from 'kysely';
import { insertRow } from '../../db/insert-new-rows.js';
import type { DB } from '../../db/schema.js';

export type PasswordLinkPurpose = 'reset' | 'invitation';

export function insertPasswordLink(
  db: Kysely<DB>,
  values: { userId: number; tokenHash: string; purpose: PasswordLinkPurpose; now: string; expiresAt: string },
): Promise<number> {
  return insertRow(db, 'password_links', {
    user_id: values.userId,
    token_hash: values.tokenHash,
    purpose: values.purpose,
    created_at: values.now,
    expires_at: values.expiresAt,
  });
}

/** Every link of a user, used or not: a new link replaces older ones, and a new password ends them all. */
export async function deletePasswordLinksOfUser(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('password_links').where('user_id', '=', userId).execute();
}

/**
 * Uses a link, in one conditional statement: only an unused link within its time is marked used, so of
 * two requests with one token exactly one gets its user back.
 */
export function consumePasswordLink(
  db: Kysely<DB>,
  tokenHash: string,
  now: string,
): Promise<{ user_id: number; purpose: string } | undefined> {
  return db
    .updateTable('password_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'purpose'])
    .executeTakeFirst();
}

export async function deleteExpiredPasswordLinks(db: Kysely<DB>, now: string): Promise<void> {
  await db.deleteFrom('password_links').where('expires_at', '<=', now).execute();
}
