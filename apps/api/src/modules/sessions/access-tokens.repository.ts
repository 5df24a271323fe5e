import type { Kysely } from 'kysely';
import type { TokenWithUser } from '../../auth/session-tokens.js';
import { compiledOnce } from '../../db/compiled-once.js';
import { deleteRowsWith } from '../../db/row-exists.js';
import type { DB } from '../../db/schema.js';
import { countUpdatedRows } from '../../db/updated-rows.js';

export async function insertAccessToken(
  db: Kysely<DB>,
  values: { userId: number; tokenHash: string; now: string; expiresAt: string; ip: string; userAgent: string | null },
): Promise<void> {
  await db
    .insertInto('access_tokens')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      created_at: values.now,
      last_used_at: values.now,
      expires_at: values.expiresAt,
      ip: values.ip,
      user_agent: values.userAgent,
    })
    .execute();
}

const selectTokenWithUser = compiledOnce(1, (db, tokenHash: string) =>
  db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .innerJoin('roles', 'roles.role_id', 'users.role_id')
    .select([
      'access_tokens.id as token_id',
      'access_tokens.user_id',
      'access_tokens.last_used_at',
      'access_tokens.expires_at',
      'users.status',
      'users.firm_id',
      'users.password_state',
      'users.totp_enabled_at',
      'users.firm_approval',
      'users.billing_granted',
      'users.rights_granted',
      // The privacy notice's gate (policy/privacy-consent.ts): columns of the same row, no statement of its own.
      'users.privacy_notice_version',
      'users.privacy_accepted_version',
      'users.privacy_withdrawn_at',
      'roles.name as role_name',
    ])
    .where('access_tokens.token_hash', '=', tokenHash),
);

/** One indexed read per authenticated request: the token and the user it belongs to (compiled once). */
export async function findTokenWithUser(db: Kysely<DB>, tokenHash: string): Promise<TokenWithUser | undefined> {
  const [row] = await selectTokenWithUser(db, tokenHash);
  return row;
}

export async function touchAccessToken(db: Kysely<DB>, tokenId: number, now: string): Promise<void> {
  await db.updateTable('access_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();
}

export async function deleteAccessToken(db: Kysely<DB>, tokenId: number): Promise<void> {
  await db.deleteFrom('access_tokens').where('id', '=', tokenId).execute();
}

/** Ends every session of a user, or every one but `exceptTokenId`; answers how many ended. */
export async function deleteAccessTokensOfUser(
  db: Kysely<DB>,
  userId: number,
  exceptTokenId?: number,
): Promise<number> {
  let query = db.deleteFrom('access_tokens').where('user_id', '=', userId);
  if (exceptTokenId !== undefined) query = query.where('id', '!=', exceptTokenId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Ends every live session of a user by its expiry instead of deleting it, so the token still says why
 * it ended (a disabled account) until housekeeping removes it; answers how many ended.
 */
export function expireAccessTokensOfUser(db: Kysely<DB>, userId: number, now: string): Promise<number> {
  return countUpdatedRows(
    db
      .updateTable('access_tokens')
      .set({ expires_at: now })
      .where('user_id', '=', userId)
      .where('expires_at', '>', now),
  );
}

export type SessionRow = {
  id: number;
  created_at: string;
  last_used_at: string;
  ip: string | null;
  user_agent: string | null;
};

/** The user's sessions that have not expired (absolute or idle), most recently used first. */
export function listLiveTokensOfUser(
  db: Kysely<DB>,
  userId: number,
  values: { now: string; idleSince: string },
): Promise<SessionRow[]> {
  return db
    .selectFrom('access_tokens')
    .select(['id', 'created_at', 'last_used_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', values.now)
    .where('last_used_at', '>', values.idleSince)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Ends one session of this user; false when it is not theirs or already gone. */
export async function deleteAccessTokenOfUser(db: Kysely<DB>, userId: number, tokenId: number): Promise<boolean> {
  return (await deleteRowsWith(db, 'access_tokens', { id: tokenId, user_id: userId })) > 0;
}

/**
 * Deletes sessions that ended before `endedBefore`: past their absolute end, or unused since
 * `idleEndedBefore` (that time minus the idle lifetime). Every such session was last used before
 * `endedBefore`, which lets the index on `last_used_at` find them without reading live sessions.
 */
export async function deleteAccessTokensEndedBefore(
  db: Kysely<DB>,
  values: { endedBefore: string; idleEndedBefore: string },
): Promise<number> {
  const result = await db
    .deleteFrom('access_tokens')
    .where('last_used_at', '<=', values.endedBefore)
    .where((eb) =>
      eb.or([eb('expires_at', '<=', values.endedBefore), eb('last_used_at', '<=', values.idleEndedBefore)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
