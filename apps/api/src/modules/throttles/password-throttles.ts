import { PASSWORD_MESSAGES } from '@portal/contract/passwords';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { addressSubjectOf } from './address-subject.js';
import { admitAttempt, countAttempt, type ThrottleRule } from './throttle.service.js';

const HOUR_MS = 60 * 60_000;
const QUARTER_HOUR_MS = 15 * 60_000;

// docs/decisions/0017: what each limit guards and why its number.
/** Reset links mailed to one account, however asked for (forgot password, someone in charge). */
export const LINKS_PER_ACCOUNT_RULE: ThrottleRule = { name: 'password-link-user', limit: 3, windowMs: HOUR_MS };
/** "Forgot password" requests from one address, whatever name they carry. */
export const FORGOT_PER_ADDRESS_RULE: ThrottleRule = { name: 'password-forgot-address', limit: 20, windowMs: HOUR_MS };
/** Tries of a reset token from one address (a token cannot be guessed; this bounds the noise). */
export const RESET_PER_ADDRESS_RULE: ThrottleRule = { name: 'password-reset-address', limit: 30, windowMs: HOUR_MS };
/** Current-password checks of one account (change password, turning 2FA off), like sign-in's 10. */
export const PASSWORD_CHECK_RULE: ThrottleRule = { name: 'password-check-user', limit: 10, windowMs: QUARTER_HOUR_MS };

/** Invitation mails of one firm: an open sign-up must not make the portal a bulk mailer (issue 20). */
const invitationsRule = (limit: number): ThrottleRule => ({
  name: 'invitations-firm',
  limit,
  windowMs: 24 * HOUR_MS,
});

/**
 * Counts one invitation of the firm inside the transaction that queues it: over the day's limit the
 * transaction fails with 429, so nothing it created is kept and nothing is sent; a rolled-back count is
 * no count.
 */
export function admitInvitation(db: Kysely<DB>, firmId: number, limit: number, now: Date) {
  return admitAttempt(db, invitationsRule(limit), `firm:${firmId}`, now, PASSWORD_MESSAGES.invitationsThrottled);
}

export function admitForgotRequest(db: Kysely<DB>, ip: string, now: Date) {
  return admitAttempt(db, FORGOT_PER_ADDRESS_RULE, addressSubjectOf(ip), now, PASSWORD_MESSAGES.forgotThrottled);
}

export function admitResetAttempt(db: Kysely<DB>, ip: string, now: Date) {
  return admitAttempt(db, RESET_PER_ADDRESS_RULE, addressSubjectOf(ip), now, PASSWORD_MESSAGES.resetThrottled);
}

/** Counts one more link to this account; the forgot form stays silent when it is not allowed (it must not tell). */
export function countLinkTo(db: Kysely<DB>, userId: number, now: Date) {
  return countAttempt(db, LINKS_PER_ACCOUNT_RULE, `user:${userId}`, now);
}

export function admitPasswordCheck(db: Kysely<DB>, userId: number, now: Date, message: string) {
  return admitAttempt(db, PASSWORD_CHECK_RULE, `user:${userId}`, now, message);
}
