import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import { addressSubjectOf } from './address-subject.js';
import {
  bumpThrottleCounter,
  decrementThrottleCounter,
  deleteExpiredThrottleCounters,
  deleteThrottleCounter,
} from './throttle-counters.repository.js';

/** At most `limit` attempts per subject in a fixed window that starts with the first attempt. */
export type ThrottleRule = { name: string; limit: number; windowMs: number };

export type CountedAttempt = {
  key: string;
  attempts: number;
  windowEndsAt: string;
  /** False once the attempt went over the limit: the caller must refuse it without doing the work. */
  allowed: boolean;
};

function keyOf(rule: ThrottleRule, subject: string): string {
  return `${rule.name}:${subject}`;
}

/**
 * Counts the attempt before any work is done. Because the count is taken and returned by one atomic
 * statement, N parallel attempts get N distinct counts and at most `limit` of them are allowed.
 */
export async function countAttempt(
  db: Kysely<DB>,
  rule: ThrottleRule,
  subject: string,
  now: Date,
): Promise<CountedAttempt> {
  const key = keyOf(rule, subject);
  const state = await bumpThrottleCounter(db, {
    key,
    now: now.toISOString(),
    windowEndsAt: new Date(now.getTime() + rule.windowMs).toISOString(),
  });
  const attempts = Number(state.attempts);
  return { key, attempts, windowEndsAt: state.window_ends_at, allowed: attempts <= rule.limit };
}

/** For an attempt that should not count after all (it succeeded, or it was refused by another limit). */
export function giveAttemptBack(db: Kysely<DB>, attempt: CountedAttempt): Promise<void> {
  return decrementThrottleCounter(db, attempt.key, attempt.windowEndsAt);
}

export function clearAttempts(db: Kysely<DB>, rule: ThrottleRule, subject: string): Promise<void> {
  return deleteThrottleCounter(db, keyOf(rule, subject));
}

/** Keys of unknown sign-in names would otherwise pile up; expired rows mean nothing any more. */
export function pruneExpiredAttempts(db: Kysely<DB>, now: Date): Promise<void> {
  return deleteExpiredThrottleCounters(db, now.toISOString());
}

function secondsUntilWindowEnds(attempt: CountedAttempt, now: Date): number {
  return Math.max(1, Math.ceil((Date.parse(attempt.windowEndsAt) - now.getTime()) / 1000));
}

/** 429 in the envelope, with the seconds until the window of the refused attempt ends. */
export function failThrottled(message: string, attempt: CountedAttempt, now: Date): never {
  throw new HttpError(429, message, {}, { 'retry-after': String(secondsUntilWindowEnds(attempt, now)) });
}

/** Counts the attempt and refuses it with 429 when it went over the limit. */
export async function admitAttempt(
  db: Kysely<DB>,
  rule: ThrottleRule,
  subject: string,
  now: Date,
  message: string,
): Promise<CountedAttempt> {
  const attempt = await countAttempt(db, rule, subject, now);
  if (!attempt.allowed) failThrottled(message, attempt, now);
  return attempt;
}

/** The two limits of one kind of guess (a password, a second-step code): per account and per address. */
export type GuessRules = { account: ThrottleRule; address: ThrottleRule };
/** A guess let through: whose account it counted against, and the address's attempt a right guess gives back. */
export type AdmittedGuess = { accountKey: string; address: CountedAttempt };

/**
 * Counts a guess against the account and then the address before it is checked, and answers 429 over
 * either limit. A guess refused by the account limit never reaches the address counter; one refused by
 * the address limit gives the account its attempt back, so neither budget is spent by guesses that were
 * never checked.
 */
export async function admitGuess(
  db: Kysely<DB>,
  rules: GuessRules,
  accountKey: string,
  ip: string,
  now: Date,
  message: string,
): Promise<AdmittedGuess> {
  const account = await admitAttempt(db, rules.account, accountKey, now, message);
  const address = await countAttempt(db, rules.address, addressSubjectOf(ip), now);
  if (!address.allowed) {
    await giveAttemptBack(db, account);
    failThrottled(message, address, now);
  }
  return { accountKey, address };
}

/**
 * A right guess clears the account's count and gives the address its attempt back: the right guesses of
 * an office's staff must not use up the budget the address has for wrong ones.
 */
export async function settleRightGuess(db: Kysely<DB>, rules: GuessRules, guess: AdmittedGuess): Promise<void> {
  await clearAttempts(db, rules.account, guess.accountKey);
  await giveAttemptBack(db, guess.address);
}
