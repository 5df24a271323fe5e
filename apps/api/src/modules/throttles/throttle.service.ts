import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
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
