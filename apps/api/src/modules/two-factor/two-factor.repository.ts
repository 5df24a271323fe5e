import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { updatesAnyRow } from '../../db/updated-rows.js';

/**
 * Accepts a code's time step only if it is later than the last one accepted, in one conditional
 * statement: the same code sent twice at once is accepted once.
 */
export function acceptTotpStep(db: Kysely<DB>, userId: number, step: number): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)])),
  );
}

export async function replaceRecoveryCodes(db: Kysely<DB>, userId: number, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (codeHashes.length > 0)
    await db
      .insertInto('recovery_codes')
      .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();
}

/** Uses one recovery code, once: only an unused code is marked, so two uses at once get one success. */
export function useRecoveryCode(db: Kysely<DB>, userId: number, codeHash: string, now: string): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null),
  );
}

export async function insertChallenge(
  db: Kysely<DB>,
  values: { userId: number; challengeHash: string; now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sign_in_challenges')
    .values({
      user_id: values.userId,
      challenge_hash: values.challengeHash,
      created_at: values.now,
      expires_at: values.expiresAt,
    })
    .execute();
}

export function findChallenge(db: Kysely<DB>, challengeHash: string) {
  return db
    .selectFrom('sign_in_challenges')
    .select(['id', 'user_id', 'expires_at'])
    .where('challenge_hash', '=', challengeHash)
    .executeTakeFirst();
}

/** Takes the challenge away; false when another request already did (it completes one sign-in only). */
export async function deleteChallenge(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('sign_in_challenges').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteChallengesOfUser(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute();
}

export async function deleteExpiredChallenges(db: Kysely<DB>, now: string): Promise<void> {
  await db.deleteFrom('sign_in_challenges').where('expires_at', '<=', now).execute();
}
