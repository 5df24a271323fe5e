import { AUTH_AUDIT_ACTIONS } from '@portal/contract/audit-actions-auth';
import { describeAccountDisabled } from '@portal/contract/auth';
import { SESSION_MESSAGES, type SessionSummary } from '@portal/contract/sessions';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { SessionTokens } from '../../auth/session-tokens.js';
import { TOKEN_IDLE_LIFETIME_MS } from '../../auth/tokens.js';
import type { DB } from '../../db/schema.js';
import { failNotFound } from '../../http/http-error.js';
import { findWhoLastActedOnUser, recordAudit } from '../audit/audit.service.js';
import {
  deleteAccessToken,
  deleteAccessTokenOfUser,
  deleteAccessTokensOfUser,
  expireAccessTokensOfUser,
  findTokenWithUser,
  listLiveTokensOfUser,
  touchAccessToken,
} from './access-tokens.repository.js';
import { describeBrowser } from './browser-label.js';

/** `GET /api/sessions`: the caller's sessions that have not expired, the one in use marked. */
export async function listOwnSessions(context: AppContext, actor: Actor): Promise<SessionSummary[]> {
  const now = context.clock.now();
  const rows = await listLiveTokensOfUser(context.db, actor.id, {
    now: now.toISOString(),
    idleSince: new Date(now.getTime() - TOKEN_IDLE_LIFETIME_MS).toISOString(),
  });
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    ip: row.ip,
    browser: describeBrowser(row.user_agent),
    user_agent: row.user_agent,
    current: row.id === actor.tokenId,
  }));
}

/** `DELETE /api/sessions/{id}`: one of the caller's own sessions (another user's answers 404). */
export async function endOwnSession(context: AppContext, actor: Actor, sessionId: number, ip: string): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    if (!(await deleteAccessTokenOfUser(trx, actor.id, sessionId))) failNotFound(SESSION_MESSAGES.notFound);
    await recordSessionsEnded(trx, {
      actorId: actor.id,
      userId: actor.id,
      reason: sessionId === actor.tokenId ? 'signed_out' : 'signed_out_elsewhere',
      count: 1,
      ip,
      at: context.clock.now(),
    });
  });
}

/** The sessions as authentication reads them (auth/session-tokens.ts); app.ts puts this in the context. */
export const SESSION_TOKENS: SessionTokens = {
  findTokenWithUser,
  touch: touchAccessToken,
  end: deleteAccessToken,
  describeDisabledAccount: async (db, userId) =>
    describeAccountDisabled(await findWhoLastActedOnUser(db, userId, ['user.disable'])),
};

/** Ends every session of a user, or every one but `exceptTokenId`; answers how many ended. */
export function endSessionsOfUser(db: Kysely<DB>, userId: number, exceptTokenId?: number): Promise<number> {
  return deleteAccessTokensOfUser(db, userId, exceptTokenId);
}

/** Why sessions ended, kept in the audit row's details so the Activity log can tell a sign-out from a lock-out. */
type SessionsEnded = {
  /** Who ended them: the user, or the admin who disabled the account. */
  actorId: number;
  userId: number;
  reason: string;
  count: number;
  ip: string;
  at: Date;
};

/** The one audit row every way of ending sessions writes, in the caller's transaction. */
export function recordSessionsEnded(db: Kysely<DB>, ended: SessionsEnded): Promise<void> {
  return recordAudit(db, {
    actorId: ended.actorId,
    action: AUTH_AUDIT_ACTIONS.sessionEnded,
    entityType: 'user',
    entityId: ended.userId,
    ip: ended.ip,
    details: { reason: ended.reason, count: ended.count },
    at: ended.at,
  });
}

/**
 * Ends every session of a user (but `exceptTokenId`) for a reason and, when any ended, writes the one audit
 * row about it: what a password change, a reset, a second factor and disabling an account all do.
 */
export async function endSessionsFor(
  db: Kysely<DB>,
  ending: Omit<SessionsEnded, 'count'> & { exceptTokenId?: number; keepToSayWhy?: boolean },
): Promise<number> {
  const { exceptTokenId, keepToSayWhy, ...ended } = ending;
  // A disabled account's sessions end by their expiry rather than go, so the open tab's next call is
  // told why (auth/authenticate.ts); enabling the account again does not bring them back.
  const count = keepToSayWhy
    ? await expireAccessTokensOfUser(db, ended.userId, ended.at.toISOString())
    : await endSessionsOfUser(db, ended.userId, exceptTokenId);
  if (count > 0) await recordSessionsEnded(db, { ...ended, count });
  return count;
}

/** Ends one session (sign-out). */
export function endSession(db: Kysely<DB>, tokenId: number): Promise<void> {
  return deleteAccessToken(db, tokenId);
}
