import { AUTH_AUDIT_ACTIONS } from '@portal/contract/audit-actions-auth';
import { LOGIN_MESSAGES, type LoginAnswer, type LoginInput } from '@portal/contract/auth';
import { CHALLENGE_MINUTES } from '@portal/contract/two-factor';
import type { AppContext } from '../../app-context.js';
import { verifyAgainstDecoy, verifyPassword } from '../../auth/passwords.js';
import { generateToken, hashToken } from '../../auth/tokens.js';
import { HttpError } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { type RequestOrigin, recordSignInFailed, startSession } from '../sessions/session-start.js';
import { endSession, endSessionsOfUser, recordSessionsEnded } from '../sessions/sessions.service.js';
import {
  accountKeyOf,
  admitSignInAttempt,
  settleFailedSignIn,
  settleSuccessfulSignIn,
} from '../throttles/sign-in-throttle.js';
import { openSignInChallenge } from '../two-factor/two-factor-sign-in.service.js';
import { presentSignedInUser } from '../users/signed-in-user.js';
import { findUserBySignInName } from '../users/users.service.js';

/**
 * Wrong password, unknown account and disabled account all answer the same 401. The attempt is counted
 * before the slow hash, so parallel attempts cannot all pass one reading of the limit. With a second
 * factor, a right password answers a short-lived challenge instead of a token (`POST /api/login/2fa`).
 */
export async function signIn(context: AppContext, input: LoginInput, origin: RequestOrigin): Promise<LoginAnswer> {
  const { db, clock } = context;
  const now = clock.now();
  const user = await findUserBySignInName(db, input.email);
  const attempt = await admitSignInAttempt(db, accountKeyOf(user?.id, input.email), origin.ip, now);

  const passwordMatches = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDecoy(input.password);
  if (!user || !passwordMatches || user.status === 'deactivated') {
    await settleFailedSignIn(db, now);
    await recordSignInFailed(db, {
      userId: user?.id ?? null,
      ip: origin.ip,
      reason: !user ? 'unknown_name' : !passwordMatches ? 'wrong_password' : 'disabled',
      at: now,
    });
    throw new HttpError(401, LOGIN_MESSAGES.failed);
  }

  if (user.totp_enabled_at !== null) {
    const challenge = generateToken();
    const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000).toISOString();
    await db.transaction().execute(async (trx) => {
      await openSignInChallenge(trx, {
        userId: user.id,
        challengeHash: hashToken(challenge),
        now: now.toISOString(),
        expiresAt,
      });
      await settleSuccessfulSignIn(trx, attempt);
    });
    return { two_factor_required: true, challenge, expires_at: expiresAt };
  }

  const token = await db.transaction().execute(async (trx) => {
    const issued = await startSession(trx, context, user.id, origin);
    await settleSuccessfulSignIn(trx, attempt);
    await recordAudit(trx, { actorId: user.id, action: AUTH_AUDIT_ACTIONS.signIn, ip: origin.ip, at: now });
    return issued;
  });
  return { token, user: presentSignedInUser(user, context.config.require2faRoles) };
}

/** `POST /api/logout`: this session, or with `all` every session of the user. */
export async function signOut(
  context: AppContext,
  actor: { id: number; tokenId: number },
  ip: string,
  options: { all?: boolean } = {},
): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    let count = 1;
    if (options.all) count = await endSessionsOfUser(trx, actor.id);
    else await endSession(trx, actor.tokenId);
    await recordSessionsEnded(trx, {
      actorId: actor.id,
      userId: actor.id,
      reason: options.all ? 'signed_out_everywhere' : 'signed_out',
      count,
      ip,
      at: context.clock.now(),
    });
  });
}
