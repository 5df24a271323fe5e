import { TWO_FACTOR_MESSAGES } from '@portal/contract/two-factor';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { LOGIN_WINDOW_MS } from '../throttles/sign-in-throttle.js';
import {
  type AdmittedGuess,
  admitGuess,
  type GuessRules,
  settleRightGuess,
  type ThrottleRule,
} from '../throttles/throttle.service.js';

// Like passwords (docs/decisions/0008): 10 per account and 100 per address in 15 minutes. A 6-digit code
// with 3 steps accepted has 3 in a million chances a try: 10 tries per 15 minutes is about 1 in 350 a day.
export const ACCOUNT_CODE_RULE: ThrottleRule = { name: 'two-factor-account', limit: 10, windowMs: LOGIN_WINDOW_MS };
export const ADDRESS_CODE_RULE: ThrottleRule = { name: 'two-factor-address', limit: 100, windowMs: LOGIN_WINDOW_MS };

const CODE_RULES: GuessRules = { account: ACCOUNT_CODE_RULE, address: ADDRESS_CODE_RULE };

/** Counts a code before it is checked, against the account and then the address (429 over either). */
export function admitCodeAttempt(db: Kysely<DB>, userId: number, ip: string, now: Date): Promise<AdmittedGuess> {
  return admitGuess(db, CODE_RULES, `user:${userId}`, ip, now, TWO_FACTOR_MESSAGES.throttled);
}

/** A right code clears the account's count and gives the address its attempt back. */
export function settleRightCode(db: Kysely<DB>, attempt: AdmittedGuess): Promise<void> {
  return settleRightGuess(db, CODE_RULES, attempt);
}
