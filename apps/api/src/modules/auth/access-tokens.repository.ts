import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type TokenWithUser = {
  token_id: number;
  user_id: number;
  last_used_at: string;
  expires_at: string;
  status: string;
  firm_id: number | null;
  role_name: string;
};

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

/** One indexed read per authenticated request: the token and the user it belongs to. */
export function findTokenWithUser(db: Kysely<DB>, tokenHash: string): Promise<TokenWithUser | undefined> {
  return db
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
      'roles.name as role_name',
    ])
    .where('access_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchAccessToken(db: Kysely<DB>, tokenId: number, now: string): Promise<void> {
  await db.updateTable('access_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();
}

export async function deleteAccessToken(db: Kysely<DB>, tokenId: number): Promise<void> {
  await db.deleteFrom('access_tokens').where('id', '=', tokenId).execute();
}

export async function deleteAccessTokensOfUser(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('access_tokens').where('user_id', '=', userId).execute();
}
