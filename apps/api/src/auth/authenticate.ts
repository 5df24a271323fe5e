import { AUTH_MESSAGES } from '@portal/contract/auth';
import { isRoleName, type UserStatus } from '@portal/contract/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { failForbidden, HttpError } from '../http/http-error.js';
import { deleteAccessToken, findTokenWithUser, touchAccessToken } from '../modules/auth/access-tokens.repository.js';
import { mayUseRouteDuringSetup, pendingAccountStep } from '../policy/account-setup.policy.js';
import { mayUseRoute, REGISTRATION_PENDING_MESSAGE } from '../policy/registration.policy.js';
import type { Actor } from './actor.js';
import { hashToken, readBearerToken, TOKEN_IDLE_LIFETIME_MS, TOKEN_TOUCH_INTERVAL_MS } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Routes under /api need a signed-in user unless they say `public: true`. */
    public?: boolean;
  }
}

export async function authenticateToken(context: AppContext, rawToken: string | undefined): Promise<Actor> {
  if (!rawToken) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);
  const { db, clock } = context;
  const found = await findTokenWithUser(db, hashToken(rawToken));
  if (!found || !isRoleName(found.role_name)) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);

  const now = clock.now().getTime();
  const lastUsed = Date.parse(found.last_used_at);
  const expired = now >= Date.parse(found.expires_at) || now >= lastUsed + TOKEN_IDLE_LIFETIME_MS;
  if (expired || found.status === 'deactivated') {
    await deleteAccessToken(db, found.token_id);
    throw new HttpError(401, expired ? AUTH_MESSAGES.sessionExpired : AUTH_MESSAGES.unauthenticated);
  }
  if (now - lastUsed >= TOKEN_TOUCH_INTERVAL_MS) {
    await touchAccessToken(db, found.token_id, new Date(now).toISOString());
  }
  return {
    id: found.user_id,
    role: found.role_name,
    firmId: found.firm_id,
    status: found.status as UserStatus,
    tokenId: found.token_id,
    passwordState: found.password_state,
    twoFactorEnabled: found.totp_enabled_at !== null,
  };
}

/**
 * Deny by default: every /api route authenticates unless it is marked public; a user who must change a
 * password someone else typed, or set up a required second factor, reaches only that
 * (policy/account-setup.policy.ts); a user who has not completed its registration reaches only what the
 * policy allows it (docs/api-conventions.md).
 */
export function registerAuthentication(app: FastifyInstance, context: AppContext): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const { config, url } = request.routeOptions;
    if (request.is404 || config.public) return;
    if (!url?.startsWith('/api/')) return;
    const actor = await authenticateToken(context, readBearerToken(request.headers.authorization));
    const route = { method: request.method, url };
    // First what the account itself needs (a password of one's own, a required second factor), then registration.
    const step = pendingAccountStep(actor, context.config.require2faRoles);
    if (step) {
      if (!mayUseRouteDuringSetup(step.kind, route)) failForbidden(step.message);
    } else if (!mayUseRoute(actor, route)) {
      failForbidden(REGISTRATION_PENDING_MESSAGE);
    }
    request.actor = actor;
  });
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);
  return request.actor;
}
