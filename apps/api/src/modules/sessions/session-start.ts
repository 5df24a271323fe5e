import { AUTH_AUDIT_ACTIONS } from '@portal/contract/audit-actions-auth';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { generateToken, hashToken, TOKEN_ABSOLUTE_LIFETIME_MS } from '../../auth/tokens.js';
import type { DB } from '../../db/schema.js';
import { recordAudit } from '../audit/audit.service.js';
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

/** A sign-in (either step) that started no session; `reason` tells the Activity log which check refused it. */
export function recordSignInFailed(
  db: Kysely<DB>,
  failure: { userId: number | null; ip: string; reason: string; at: Date },
): Promise<void> {
  return recordAudit(db, {
    actorId: failure.userId,
    action: AUTH_AUDIT_ACTIONS.signInFailed,
    ip: failure.ip,
    details: { reason: failure.reason },
    at: failure.at,
  });
}
