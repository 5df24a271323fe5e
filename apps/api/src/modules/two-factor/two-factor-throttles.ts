import { TWO_FACTOR_MESSAGES } from '@portal/contract/two-factor';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { addressSubjectOf } from '../throttles/address-subject.js';
import { LOGIN_WINDOW_MS } from '../throttles/sign-in-throttle.js';
import {
  type CountedAttempt,
  clearAttempts,
  countAttempt,
  failThrottled,
  giveAttemptBack,
  type ThrottleRule,
} from '../throttles/throttle.service.js';

// Like passwords (docs/decisions/0008): 10 per account and 100 per address in 15 minutes. A 6-digit code
// with 3 steps accepted has 3 in a million chances a try: 10 tries per 15 minutes is about 1 in 350 a day.
export const ACCOUNT_CODE_RULE: ThrottleRule = { name: 'two-factor-account', limit: 10, windowMs: LOGIN_WINDOW_MS };
export const ADDRESS_CODE_RULE: ThrottleRule = { name: 'two-factor-address', limit: 100, windowMs: LOGIN_WINDOW_MS };

export type CodeAttempt = { userId: number; address: CountedAttempt };

/** Counts a code before it is checked, against the account and then the address (429 over either). */
export async function admitCodeAttempt(db: Kysely<DB>, userId: number, ip: string, now: Date): Promise<CodeAttempt> {
  const account = await countAttempt(db, ACCOUNT_CODE_RULE, `user:${userId}`, now);
  if (!account.allowed) failThrottled(TWO_FACTOR_MESSAGES.throttled, account, now);
  const address = await countAttempt(db, ADDRESS_CODE_RULE, addressSubjectOf(ip), now);
  if (!address.allowed) {
    await giveAttemptBack(db, account);
    failThrottled(TWO_FACTOR_MESSAGES.throttled, address, now);
  }
  return { userId, address };
}

/** A right code clears the account's count and gives the address its attempt back. */
export async function settleRightCode(db: Kysely<DB>, attempt: CodeAttempt): Promise<void> {
  await clearAttempts(db, ACCOUNT_CODE_RULE, `user:${attempt.userId}`);
  await giveAttemptBack(db, attempt.address);
}
