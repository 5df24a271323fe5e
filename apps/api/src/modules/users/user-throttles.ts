import { USER_CSV_MESSAGES as CSV_MESSAGES } from '@portal/contract/user-csv';
import type { AppContext } from '../../app-context.js';
import { addressSubjectOf } from '../throttles/address-subject.js';
import { admitAttempt, type ThrottleRule } from '../throttles/throttle.service.js';

// Public sign-up creates accounts and answers "email taken": few per address, whatever the outcome.
const REGISTRATION_RULE: ThrottleRule = { name: 'register-address', limit: 20, windowMs: 60 * 60 * 1000 };
// The profile form answers "email/username taken"; far above what a person types, far below a scan.
const PROFILE_UPDATE_RULE: ThrottleRule = { name: 'profile-update-user', limit: 30, windowMs: 15 * 60 * 1000 };

// A firm's dry runs and imports of client files: a person fixing a file runs a few an hour; a script
// runs them by the second, and every one reads up to a thousand rows against the database.
const IMPORT_CHECK_RULE: ThrottleRule = { name: 'client-import-check-firm', limit: 30, windowMs: 60 * 60 * 1000 };
const IMPORT_RULE: ThrottleRule = { name: 'client-import-firm', limit: 10, windowMs: 60 * 60 * 1000 };

export const THROTTLE_MESSAGES = {
  registration: 'Too many registrations from this address. Please try again later.',
  profileUpdate: 'Too many profile changes. Please wait a few minutes and try again.',
} as const;

/** Counts one attempt of `subject` under `rule`, now; 429 with `message` over the limit. */
async function admitNow(context: AppContext, rule: ThrottleRule, subject: string, message: string): Promise<void> {
  await admitAttempt(context.db, rule, subject, context.clock.now(), message);
}

/** Counts a registration from `ip` before its body is read; 429 over the limit. */
export async function admitRegistration(context: AppContext, ip: string): Promise<void> {
  await admitNow(context, REGISTRATION_RULE, addressSubjectOf(ip), THROTTLE_MESSAGES.registration);
}

/** Counts a dry run (`check`) or an import of a client file for the firm, before its body is read; 429 over the limit. */
export async function admitClientImport(context: AppContext, firmId: number, kind: 'check' | 'import'): Promise<void> {
  const [rule, message] =
    kind === 'check' ? [IMPORT_CHECK_RULE, CSV_MESSAGES.checkThrottled] : [IMPORT_RULE, CSV_MESSAGES.importThrottled];
  await admitNow(context, rule, `firm:${firmId}`, message);
}

/** Counts a profile update of `userId` before its duplicate checks; 429 over the limit. */
export async function admitProfileUpdate(context: AppContext, userId: number): Promise<void> {
  await admitNow(context, PROFILE_UPDATE_RULE, String(userId), THROTTLE_MESSAGES.profileUpdate);
}
