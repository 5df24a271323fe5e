import { AUTH_AUDIT_ACTIONS } from '@portal/contract/audit-actions-auth';
import type { LoginResult } from '@portal/contract/auth';
import { TWO_FACTOR_MESSAGES, type twoFactorLoginSchema } from '@portal/contract/two-factor';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { hashToken } from '../../auth/tokens.js';
import type { DB } from '../../db/schema.js';
import { openValue } from '../../encryption/value-cipher.js';
import { failValidation, HttpError } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { type RequestOrigin, recordSignInFailed, startSession } from '../sessions/session-start.js';
import { presentSignedInUser } from '../users/signed-in-user.js';
import { findUserById } from '../users/users.service.js';
import { hashRecoveryCode, looksLikeRecoveryCode } from './recovery-codes.js';
import { matchTotp } from './totp.js';
import {
  acceptTotpStep,
  deleteChallenge,
  deleteChallengesOfUser,
  deleteExpiredChallenges,
  findChallenge,
  insertChallenge,
  useRecoveryCode,
} from './two-factor.repository.js';
import { admitCodeAttempt, settleRightCode } from './two-factor-throttles.js';

/**
 * `POST /api/login/2fa`: the challenge of a right password plus a code from the app (each code once) or
 * an unused recovery code (each once). Codes are counted before they are checked, like passwords. The
 * challenge completes one sign-in; an expired or unknown one answers 401 (sign in again).
 */
export async function completeSecondStep(
  context: AppContext,
  input: z.output<typeof twoFactorLoginSchema>,
  origin: RequestOrigin,
): Promise<LoginResult> {
  const { db, clock } = context;
  const now = clock.now();
  const challenge = await findChallenge(db, hashToken(input.challenge));
  const user = challenge ? await findUserById(db, challenge.user_id) : undefined;
  const live = challenge && user && now.getTime() < Date.parse(challenge.expires_at);
  if (!challenge || !user || !live || user.status === 'deactivated' || !user.totp_secret) {
    if (user) await recordSignInFailed(db, { userId: user.id, ip: origin.ip, reason: 'challenge_expired', at: now });
    throw new HttpError(401, TWO_FACTOR_MESSAGES.challengeInvalid);
  }
  const attempt = await admitCodeAttempt(db, user.id, origin.ip, now);
  const step = matchTotp(openValue(context.keyring, user.totp_secret), input.code, now, user.totp_last_step);
  let method: 'app' | 'recovery_code' | null = null;
  if (step !== null && (await acceptTotpStep(db, user.id, step))) method = 'app';
  else if (
    step === null &&
    looksLikeRecoveryCode(input.code) &&
    (await useRecoveryCode(db, user.id, hashRecoveryCode(input.code), now.toISOString()))
  )
    method = 'recovery_code';
  if (method === null) {
    await recordSignInFailed(db, { userId: user.id, ip: origin.ip, reason: 'wrong_code', at: now });
    failValidation('code', TWO_FACTOR_MESSAGES.codeInvalid);
  }
  const token = await db.transaction().execute(async (trx) => {
    if (!(await deleteChallenge(trx, challenge.id))) return null;
    const issued = await startSession(trx, context, user.id, origin);
    await settleRightCode(trx, attempt);
    if (method === 'recovery_code')
      await recordAudit(trx, { actorId: user.id, action: AUTH_AUDIT_ACTIONS.recoveryCodeUsed, ip: origin.ip, at: now });
    await recordAudit(trx, {
      actorId: user.id,
      action: AUTH_AUDIT_ACTIONS.signIn,
      ip: origin.ip,
      details: { second_factor: method },
      at: now,
    });
    return issued;
  });
  if (!token) throw new HttpError(401, TWO_FACTOR_MESSAGES.challengeInvalid);
  return { token, user: presentSignedInUser(user, context.config.require2faRoles) };
}

/** Opens the second step of a sign-in (modules/sign-in): expired challenges go, this one is kept by its hash. */
export async function openSignInChallenge(
  db: Kysely<DB>,
  values: { userId: number; challengeHash: string; now: string; expiresAt: string },
): Promise<void> {
  await deleteExpiredChallenges(db, values.now);
  await insertChallenge(db, values);
}

/** Ends a user's open second steps (its password was just reset). */
export function endSignInChallengesOf(db: Kysely<DB>, userId: number): Promise<void> {
  return deleteChallengesOfUser(db, userId);
}
