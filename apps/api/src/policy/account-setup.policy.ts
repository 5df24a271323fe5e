import { PASSWORD_MESSAGES } from '@portal/contract/passwords';
import type { RoleName } from '@portal/contract/roles';
import { TWO_FACTOR_MESSAGES } from '@portal/contract/two-factor';
import type { Actor } from '../auth/actor.js';
import type { RouteDescription } from './registration.policy.js';

export type AccountStep = { kind: 'password' | 'two-factor'; message: string };

/**
 * What a signed-in user must do before anything else, in this order: change a password someone else
 * typed (the creator's, the printed first-admin password), then set up a second factor its role
 * requires (`REQUIRE_2FA_ROLES`). Null: nothing.
 */
export function pendingAccountStep(
  actor: Pick<Actor, 'role' | 'passwordState' | 'twoFactorEnabled'>,
  requiredRoles: readonly RoleName[],
): AccountStep | null {
  if (actor.passwordState === 'must_change') return { kind: 'password', message: PASSWORD_MESSAGES.changeRequired };
  if (requiredRoles.includes(actor.role) && actor.twoFactorEnabled === false)
    return { kind: 'two-factor', message: TWO_FACTOR_MESSAGES.setupRequired };
  return null;
}

const ALWAYS = ['GET /api/me', 'POST /api/logout'];

/** `METHOD url` (Fastify's route pattern) each pending step allows; everything else answers 403. */
const ROUTES_DURING: Record<AccountStep['kind'], ReadonlySet<string>> = {
  password: new Set([...ALWAYS, 'PUT /api/user/password']),
  'two-factor': new Set([...ALWAYS, 'POST /api/2fa/setup', 'POST /api/2fa/enable']),
};

export function mayUseRouteDuringSetup(kind: AccountStep['kind'], route: RouteDescription): boolean {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  return route.url !== undefined && ROUTES_DURING[kind].has(`${method} ${route.url}`);
}
