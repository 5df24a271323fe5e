import { createHash } from 'node:crypto';
import { LOGIN_MESSAGES } from '@portal/contract/auth';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import {
  type AdmittedGuess,
  admitGuess,
  type GuessRules,
  pruneExpiredAttempts,
  settleRightGuess,
  type ThrottleRule,
} from './throttle.service.js';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_SIGN_IN_RULE: ThrottleRule = { name: 'sign-in-account', limit: 10, windowMs: LOGIN_WINDOW_MS };
// An office's staff share one address, so the address limit is far above the account limit.
const ADDRESS_SIGN_IN_RULE: ThrottleRule = { name: 'sign-in-address', limit: 100, windowMs: LOGIN_WINDOW_MS };

const SIGN_IN_RULES: GuessRules = { account: ACCOUNT_SIGN_IN_RULE, address: ADDRESS_SIGN_IN_RULE };

/**
 * A known account is counted by id, so its email and username share one budget; an unknown name by a
 * hash of it, since what was typed there may be a password typed into the wrong box.
 */
export function accountKeyOf(userId: number | undefined, identifier: string): string {
  if (userId !== undefined) return `user:${userId}`;
  return `name:${createHash('sha256').update(identifier.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
}

/** A sign-in's password is a guess: counted before it is hashed, 429 over either limit (`admitGuess`). */
export function admitSignInAttempt(db: Kysely<DB>, accountKey: string, ip: string, now: Date): Promise<AdmittedGuess> {
  return admitGuess(db, SIGN_IN_RULES, accountKey, ip, now, LOGIN_MESSAGES.throttled);
}

/** A success clears the account's count and gives the address its attempt back (`settleRightGuess`). */
export function settleSuccessfulSignIn(db: Kysely<DB>, attempt: AdmittedGuess): Promise<void> {
  return settleRightGuess(db, SIGN_IN_RULES, attempt);
}

/** Failures keep their count; this only drops counters whose window has passed. */
export function settleFailedSignIn(db: Kysely<DB>, now: Date): Promise<void> {
  return pruneExpiredAttempts(db, now);
}
