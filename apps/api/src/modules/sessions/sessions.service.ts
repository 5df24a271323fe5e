import { AUTH_AUDIT_ACTIONS } from '@portal/contract/audit-actions-auth';
import { SESSION_MESSAGES, type SessionSummary } from '@portal/contract/sessions';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { SessionTokens } from '../../auth/session-tokens.js';
import { TOKEN_IDLE_LIFETIME_MS } from '../../auth/tokens.js';
import type { DB } from '../../db/schema.js';
import { failNotFound } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  deleteAccessToken,
  deleteAccessTokenOfUser,
  deleteAccessTokensOfUser,
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
    await recordAudit(trx, {
      actorId: actor.id,
      action: AUTH_AUDIT_ACTIONS.sessionEnded,
      entityType: 'user',
      entityId: actor.id,
      ip,
      details: { reason: sessionId === actor.tokenId ? 'signed_out' : 'signed_out_elsewhere', count: 1 },
      at: context.clock.now(),
    });
  });
}

/** The sessions as authentication reads them (auth/session-tokens.ts); app.ts puts this in the context. */
export const SESSION_TOKENS: SessionTokens = {
  findTokenWithUser,
  touch: touchAccessToken,
  end: deleteAccessToken,
};

/** Ends every session of a user, or every one but `exceptTokenId`; answers how many ended. */
export function endSessionsOfUser(db: Kysely<DB>, userId: number, exceptTokenId?: number): Promise<number> {
  return deleteAccessTokensOfUser(db, userId, exceptTokenId);
}

/** Ends one session (sign-out). */
export function endSession(db: Kysely<DB>, tokenId: number): Promise<void> {
  return deleteAccessToken(db, tokenId);
}
