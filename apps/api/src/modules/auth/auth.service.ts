import { LOGIN_MESSAGES, type LoginInput, type LoginResult } from '@portal/contract/auth';
import type { AppContext } from '../../app-context.js';
import { verifyAgainstDecoy, verifyPassword } from '../../auth/passwords.js';
import { generateToken, hashToken, TOKEN_ABSOLUTE_LIFETIME_MS } from '../../auth/tokens.js';
import { HttpError } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import { presentUser } from '../users/user.presenter.js';
import { findUserBySignInName } from '../users/users.repository.js';
import { deleteAccessToken, insertAccessToken } from './access-tokens.repository.js';
import { accountKeyOf, admitSignInAttempt, settleFailedSignIn, settleSuccessfulSignIn } from './login-throttle.js';

export type RequestOrigin = { ip: string; userAgent: string | null };

/**
 * Wrong password, unknown account and disabled account all answer the same 401. The attempt is counted
 * before the slow hash, so parallel attempts cannot all pass one reading of the limit.
 */
export async function signIn(context: AppContext, input: LoginInput, origin: RequestOrigin): Promise<LoginResult> {
  const { db, clock } = context;
  const now = clock.now();
  const user = await findUserBySignInName(db, input.email);
  const attempt = await admitSignInAttempt(db, accountKeyOf(user?.id, input.email), origin.ip, now);

  const passwordMatches = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDecoy(input.password);
  if (!user || !passwordMatches || user.status === 'deactivated') {
    await settleFailedSignIn(db, now);
    await recordAudit(db, { actorId: user?.id ?? null, action: 'auth.login_failed', ip: origin.ip, at: now });
    throw new HttpError(401, LOGIN_MESSAGES.failed);
  }

  const token = generateToken();
  await db.transaction().execute(async (trx) => {
    await insertAccessToken(trx, {
      userId: user.id,
      tokenHash: hashToken(token),
      now: now.toISOString(),
      expiresAt: new Date(now.getTime() + TOKEN_ABSOLUTE_LIFETIME_MS).toISOString(),
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 255) ?? null,
    });
    await settleSuccessfulSignIn(trx, attempt);
    await recordAudit(trx, { actorId: user.id, action: 'auth.login', ip: origin.ip, at: now });
  });
  return { token, user: presentUser(user) };
}

export async function signOut(context: AppContext, actor: { id: number; tokenId: number }, ip: string): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    await deleteAccessToken(trx, actor.tokenId);
    await recordAudit(trx, { actorId: actor.id, action: 'auth.logout', ip, at: context.clock.now() });
  });
}
