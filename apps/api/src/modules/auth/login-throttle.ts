import { LOGIN_MESSAGES } from '@portal/contract/auth';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import {
  deleteAccountFailures,
  deleteFailuresBefore,
  type FailureWindow,
  insertLoginFailure,
  summariseAccountFailures,
  summariseAddressFailures,
} from './login-failures.repository.js';

export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
// An office's staff share one address, so the address limit is far above the account limit.
export const MAX_FAILURES_PER_ADDRESS = 100;

/** A known account is counted by id, so its email and username share one budget. */
export function accountKeyOf(userId: number | undefined, identifier: string): string {
  return userId === undefined ? `name:${identifier.toLowerCase()}` : `user:${userId}`;
}

function secondsUntilFree(window: FailureWindow, now: Date): number {
  const oldest = window.oldest ? Date.parse(window.oldest) : now.getTime();
  return Math.max(1, Math.ceil((oldest + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000));
}

/** Throws 429 while the account or the address has used up its failures in the window. */
export async function assertSignInAllowed(db: Kysely<DB>, accountKey: string, ip: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString();
  const [account, address] = await Promise.all([
    summariseAccountFailures(db, accountKey, since),
    summariseAddressFailures(db, ip, since),
  ]);
  const blocking =
    account.count >= MAX_FAILURES_PER_ACCOUNT ? account : address.count >= MAX_FAILURES_PER_ADDRESS ? address : null;
  if (blocking) {
    throw new HttpError(429, LOGIN_MESSAGES.throttled, {}, { 'retry-after': String(secondsUntilFree(blocking, now)) });
  }
}

export async function recordSignInFailure(db: Kysely<DB>, accountKey: string, ip: string, now: Date): Promise<void> {
  await deleteFailuresBefore(db, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString());
  await insertLoginFailure(db, accountKey, ip, now.toISOString());
}

export function forgetSignInFailures(db: Kysely<DB>, accountKey: string): Promise<void> {
  return deleteAccountFailures(db, accountKey);
}
