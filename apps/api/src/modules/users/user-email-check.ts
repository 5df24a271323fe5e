import { USER_MESSAGES } from '@portal/contract/user-messages';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failValidation } from '../../http/http-error.js';
import { firmOf } from '../../policy/authorize.js';
import { admitAttempt, type ThrottleRule } from '../throttles/throttle.service.js';
import { findEmailHolder } from './users.repository.js';

// Addresses a firm's forms find held outside the firm: a person correcting a typo meets one now and then;
// a script asking the portal who uses it meets one on every try (issue 20).
const EMAIL_ELSEWHERE_RULE: ThrottleRule = { name: 'email-elsewhere-firm', limit: 10, windowMs: 60 * 60 * 1000 };

/**
 * A new or changed email must be free (unique on the platform). Held inside the caller's firm, or asked
 * by the admin or a public sign-up (counted per address), the answer says so; held outside the firm, it
 * says only that the email cannot be used, and the firm's tries of such addresses are counted.
 */
export async function assertEmailFree(
  context: AppContext,
  actor: Actor | null,
  email: string,
  exceptUserId?: number,
): Promise<void> {
  const holder = await findEmailHolder(context.db, email, exceptUserId);
  if (!holder) return;
  const firm = actor ? firmOf(actor) : null;
  if (firm === null || holder.firm_id === firm) failValidation('email', USER_MESSAGES.emailTaken);
  await admitAttempt(
    context.db,
    EMAIL_ELSEWHERE_RULE,
    `firm:${firm}`,
    context.clock.now(),
    USER_MESSAGES.emailChecksThrottled,
  );
  failValidation('email', USER_MESSAGES.emailUnavailable);
}
