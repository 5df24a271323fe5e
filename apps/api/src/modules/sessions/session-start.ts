import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { generateToken, hashToken, TOKEN_ABSOLUTE_LIFETIME_MS } from '../../auth/tokens.js';
import type { DB } from '../../db/schema.js';
import { insertAccessToken } from './access-tokens.repository.js';

export type RequestOrigin = { ip: string; userAgent: string | null };

/** A new session of the user: the token is answered once, only its SHA-256 is kept (docs/decisions/0002). */
export async function startSession(
  db: Kysely<DB>,
  context: Pick<AppContext, 'clock'>,
  userId: number,
  origin: RequestOrigin,
): Promise<string> {
  const token = generateToken();
  const now = context.clock.now();
  await insertAccessToken(db, {
    userId,
    tokenHash: hashToken(token),
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + TOKEN_ABSOLUTE_LIFETIME_MS).toISOString(),
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 255) ?? null,
  });
  return token;
}
