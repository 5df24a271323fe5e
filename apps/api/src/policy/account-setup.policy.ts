import { PASSWORD_MESSAGES } from '@portal/contract/passwords';
import { PRIVACY_MESSAGES, PRIVACY_PATHS } from '@portal/contract/privacy';
import { RIGHTS_PATHS } from '@portal/contract/rights-requests';
import type { RoleName } from '@portal/contract/roles';
import { TWO_FACTOR_MESSAGES } from '@portal/contract/two-factor';
import type { Actor } from '../auth/actor.js';
import type { RouteDescription } from './registration.policy.js';

export type AccountStep = {
  kind: 'password' | 'two-factor' | 'privacy-notice' | 'consent-withdrawn';
  message: string;
};

/**
 * What a signed-in user must do before anything else, in this order: change a password someone else
 * typed (the creator's, the printed first-admin password), set up a second factor its role requires
 * (`REQUIRE_2FA_ROLES`), then accept its firm's current privacy notice (docs/decisions/0041). A client
 * that withdrew its consent may read but change nothing until it accepts again. Null: nothing.
 */
export function pendingAccountStep(
  actor: Pick<Actor, 'role' | 'passwordState' | 'twoFactorEnabled' | 'privacyConsent'>,
  requiredRoles: readonly RoleName[],
): AccountStep | null {
  if (actor.passwordState === 'must_change') return { kind: 'password', message: PASSWORD_MESSAGES.changeRequired };
  if (requiredRoles.includes(actor.role) && actor.twoFactorEnabled === false)
    return { kind: 'two-factor', message: TWO_FACTOR_MESSAGES.setupRequired };
  if (actor.privacyConsent === 'withdrawn')
    return { kind: 'consent-withdrawn', message: PRIVACY_MESSAGES.withdrawnReadOnly };
  if (actor.privacyConsent === 'due') return { kind: 'privacy-notice', message: PRIVACY_MESSAGES.acceptRequired };
  return null;
}

const ALWAYS = ['GET /api/me', 'POST /api/logout'];
const READ_AND_ACCEPT_NOTICE = [`GET /api${PRIVACY_PATHS.notice}`, `POST /api${PRIVACY_PATHS.accept}`];
// A client asked to accept a new version may decline it by withdrawing the consent it gave to an earlier one.
const WITHDRAW = `POST /api${PRIVACY_PATHS.withdraw}`;

/**
 * The writes a client that withdrew its consent may still make, besides reading everything it could: the
 * notice accepted again, and its rights (a request of its own, its access download's link), so a
 * withdrawn client can still ask for access, correction or erasure.
 */
export const WRITES_AFTER_WITHDRAWAL: ReadonlySet<string> = new Set([
  ...ALWAYS,
  ...READ_AND_ACCEPT_NOTICE,
  `POST /api${RIGHTS_PATHS.own}`,
  `POST /api${RIGHTS_PATHS.downloadLink(':id')}`,
]);

/** `METHOD url` (Fastify's route pattern) each pending step allows; everything else answers 403. */
const ROUTES_DURING: Record<Exclude<AccountStep['kind'], 'consent-withdrawn'>, ReadonlySet<string>> = {
  password: new Set([...ALWAYS, 'PUT /api/user/password']),
  'two-factor': new Set([...ALWAYS, 'POST /api/2fa/setup', 'POST /api/2fa/enable']),
  'privacy-notice': new Set([...ALWAYS, ...READ_AND_ACCEPT_NOTICE, WITHDRAW]),
};

export function mayUseRouteDuringSetup(kind: AccountStep['kind'], route: RouteDescription): boolean {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  if (route.url === undefined) return false;
  // Withdrawn: every read the client had (its files, work, requests to follow), no change.
  if (kind === 'consent-withdrawn') return method === 'GET' || WRITES_AFTER_WITHDRAWAL.has(`${method} ${route.url}`);
  return ROUTES_DURING[kind].has(`${method} ${route.url}`);
}
