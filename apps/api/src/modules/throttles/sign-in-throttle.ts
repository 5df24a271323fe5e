import { createHash } from 'node:crypto';
import { LOGIN_MESSAGES } from '@portal/contract/auth';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { addressSubjectOf } from './address-subject.js';
import {
  type CountedAttempt,
  clearAttempts,
  countAttempt,
  failThrottled,
  giveAttemptBack,
  pruneExpiredAttempts,
  type ThrottleRule,
} from './throttle.service.js';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_SIGN_IN_RULE: ThrottleRule = { name: 'sign-in-account', limit: 10, windowMs: LOGIN_WINDOW_MS };
// An office's staff share one address, so the address limit is far above the account limit.
const ADDRESS_SIGN_IN_RULE: ThrottleRule = { name: 'sign-in-address', limit: 100, windowMs: LOGIN_WINDOW_MS };

type SignInAttempt = { accountKey: string; address: CountedAttempt };

/**
 * A known account is counted by id, so its email and username share one budget; an unknown name by a
 * hash of it, since what was typed there may be a password typed into the wrong box.
 */
export function accountKeyOf(userId: number | undefined, identifier: string): string {
  if (userId !== undefined) return `user:${userId}`;
  return `name:${createHash('sha256').update(identifier.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
}

/**
 * Counts the attempt against the account and then the address before the password is hashed, and
 * answers 429 over either limit. An attempt refused by the account limit never reaches the address
 * counter; one refused by the address limit gives the account its attempt back, so neither budget is
 * spent by attempts that were never checked.
 */
export async function admitSignInAttempt(
  db: Kysely<DB>,
  accountKey: string,
  ip: string,
  now: Date,
): Promise<SignInAttempt> {
  const account = await countAttempt(db, ACCOUNT_SIGN_IN_RULE, accountKey, now);
  if (!account.allowed) failThrottled(LOGIN_MESSAGES.throttled, account, now);
  const address = await countAttempt(db, ADDRESS_SIGN_IN_RULE, addressSubjectOf(ip), now);
  if (!address.allowed) {
    await giveAttemptBack(db, account);
    failThrottled(LOGIN_MESSAGES.throttled, address, now);
  }
  return { accountKey, address };
}

/**
 * A success clears the account's count and returns the address its attempt: successful sign-ins of an
 * office's staff must not use up the budget the address has for failures.
 */
export async function settleSuccessfulSignIn(db: Kysely<DB>, attempt: SignInAttempt): Promise<void> {
  await clearAttempts(db, ACCOUNT_SIGN_IN_RULE, attempt.accountKey);
  await giveAttemptBack(db, attempt.address);
}

/** Failures keep their count; this only drops counters whose window has passed. */
export function settleFailedSignIn(db: Kysely<DB>, now: Date): Promise<void> {
  return pruneExpiredAttempts(db, now);
}
