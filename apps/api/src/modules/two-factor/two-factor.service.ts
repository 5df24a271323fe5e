import { AUTH_AUDIT_ACTIONS, type AuthAuditAction } from '@portal/contract/audit-actions-auth';
import { PRODUCT_NAME } from '@portal/contract/product';
import {
  TWO_FACTOR_MESSAGES,
  type TwoFactorEnabled,
  type TwoFactorEnableInput,
  type TwoFactorSetup,
} from '@portal/contract/two-factor';
import { USER_MESSAGES } from '@portal/contract/user-messages';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { verifyPassword } from '../../auth/passwords.js';
import type { DB } from '../../db/schema.js';
import { openValue, sealValue } from '../../encryption/value-cipher.js';
import { failForbidden, failNotFound, failValidation, HttpError } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { twoFactorChangedMessage } from '../mail/mail-messages.js';
import { queueMail } from '../mail/mail-queue.js';
import { endSessionsFor } from '../sessions/sessions.service.js';
import { admitPasswordCheck } from '../throttles/password-throttles.js';
import { findUserById, requireUserToActOn, type UserRow, updateUser } from '../users/users.service.js';
import { renderQrSvg } from './qr-svg.js';
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes.js';
import { buildOtpauthUri, generateTotpSecret, matchTotp } from './totp.js';
import { deleteChallengesOfUser, replaceRecoveryCodes } from './two-factor.repository.js';
import { admitCodeAttempt, settleRightCode } from './two-factor-throttles.js';

async function loadSelf(context: AppContext, actor: Actor): Promise<UserRow> {
  const user = await findUserById(context.db, actor.id);
  if (!user) failNotFound(USER_MESSAGES.notFound);
  return user;
}

/**
 * `POST /api/2fa/setup`: a new secret, kept sealed as pending until a first code confirms it
 * (`/api/2fa/enable`). Starting again replaces a pending secret; an enabled one is never replaced here.
 */
export async function startTwoFactorSetup(context: AppContext, actor: Actor): Promise<TwoFactorSetup> {
  const user = await loadSelf(context, actor);
  if (user.totp_enabled_at !== null) throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
  const secret = generateTotpSecret();
  await updateUser(context.db, actor.id, { totp_pending_secret: sealValue(context.keyring, secret) });
  const uri = buildOtpauthUri(secret, PRODUCT_NAME, user.email);
  return { secret, otpauth_uri: uri, qr_svg: renderQrSvg(uri) };
}

/**
 * `POST /api/2fa/enable`: the password proves the owner is there and the first code that the app holds the
 * secret; every other session ends (one of them may be how someone else got here); ten recovery codes
 * are answered once.
 */
export async function enableTwoFactor(
  context: AppContext,
  actor: Actor,
  input: TwoFactorEnableInput,
  ip: string,
): Promise<TwoFactorEnabled> {
  const user = await loadSelf(context, actor);
  if (user.totp_enabled_at !== null) throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
  if (!user.totp_pending_secret) throw new HttpError(409, TWO_FACTOR_MESSAGES.setupMissing);
  const now = context.clock.now();
  await admitPasswordCheck(context.db, user.id, now, TWO_FACTOR_MESSAGES.throttled);
  if (!(await verifyPassword(user.password_hash, input.current_password)))
    failValidation('current_password', TWO_FACTOR_MESSAGES.passwordWrong);
  const code = input.code;
  const attempt = await admitCodeAttempt(context.db, user.id, ip, now);
  const secret = openValue(context.keyring, user.totp_pending_secret);
  const step = matchTotp(secret, code, now);
  if (step === null) failValidation('code', TWO_FACTOR_MESSAGES.codeInvalid);
  await settleRightCode(context.db, attempt);
  const codes = generateRecoveryCodes();
  await context.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, {
      totp_secret: user.totp_pending_secret,
      totp_pending_secret: null,
      totp_enabled_at: now.toISOString(),
      totp_last_step: step,
    });
    await replaceRecoveryCodes(trx, user.id, codes.map(hashRecoveryCode));
    await recordAudit(trx, {
      actorId: user.id,
      action: AUTH_AUDIT_ACTIONS.twoFactorEnabled,
      entityType: 'user',
      entityId: user.id,
      ip,
      at: now,
    });
    await endSessionsFor(trx, {
      actorId: user.id,
      userId: user.id,
      reason: 'two_factor_enabled',
      exceptTokenId: actor.tokenId,
      ip,
      at: now,
    });
    await queueMail(trx, context, twoFactorChangedMessage(user, 'enabled', now));
  });
  context.mail.wake();
  return { recovery_codes: codes };
}

/** Removes the second factor of `user`: secret, pending secret, recovery codes and open challenges. */
async function removeTwoFactor(
  context: AppContext,
  user: UserRow,
  audit: { actorId: number; action: AuthAuditAction; ip: string },
  change: 'disabled' | 'reset',
): Promise<void> {
  const now = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, {
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
    });
    await replaceRecoveryCodes(trx, user.id, []);
    await deleteChallengesOfUser(trx, user.id);
    await recordAudit(trx, { ...audit, entityType: 'user', entityId: user.id, at: now });
    await queueMail(trx, context, twoFactorChangedMessage(user, change, now));
  });
  context.mail.wake();
}

/** `POST /api/2fa/disable`: the password again; refused to a role that must keep it (`REQUIRE_2FA_ROLES`). */
export async function disableTwoFactor(context: AppContext, actor: Actor, password: string, ip: string): Promise<void> {
  const user = await loadSelf(context, actor);
  if (user.totp_enabled_at === null) throw new HttpError(409, TWO_FACTOR_MESSAGES.notEnabled);
  if (context.config.require2faRoles.includes(actor.role)) failForbidden(TWO_FACTOR_MESSAGES.requiredForRole);
  await admitPasswordCheck(context.db, user.id, context.clock.now(), TWO_FACTOR_MESSAGES.throttled);
  if (!(await verifyPassword(user.password_hash, password)))
    failValidation('current_password', TWO_FACTOR_MESSAGES.passwordWrong);
  await removeTwoFactor(
    context,
    user,
    { actorId: actor.id, action: AUTH_AUDIT_ACTIONS.twoFactorDisabled, ip },
    'disabled',
  );
}

/** `POST /api/user/{id}/reset-2fa`: someone in charge (`user.reset_2fa`) removes a lost second factor. */
export async function resetTwoFactorOfUser(
  context: AppContext,
  actor: Actor,
  userId: number,
  ip: string,
): Promise<void> {
  const target = await requireUserToActOn(context, actor, userId, 'user.reset_2fa');
  if (target.totp_enabled_at === null) throw new HttpError(409, TWO_FACTOR_MESSAGES.notEnabled);
  await removeTwoFactor(context, target, { actorId: actor.id, action: AUTH_AUDIT_ACTIONS.twoFactorReset, ip }, 'reset');
}

/** Removes a user's recovery codes (the admin's own reset command turns its second factor off). */
export function removeRecoveryCodesOf(db: Kysely<DB>, userId: number): Promise<void> {
  return replaceRecoveryCodes(db, userId, []);
}
