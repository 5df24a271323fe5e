import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '@portal/contract/auth';
import { isRoleName, type RoleName, type UserStatus } from '@portal/contract/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { failForbidden, HttpError } from '../http/http-error.js';
import { mayUseRouteDuringSetup, pendingAccountStep } from '../policy/account-setup.policy.js';
import { privacyConsentOf } from '../policy/privacy-consent.js';
import {
  joiningMessage,
  mayUseRoute,
  REGISTRATION_PENDING_MESSAGE,
  type RouteDescription,
} from '../policy/registration.policy.js';
import { type Actor, actorOfUser, type LinkUserRow } from './actor.js';
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

async function authenticateToken(context: AppContext, rawToken: string | undefined): Promise<Actor> {
  if (!rawToken) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);
  const { db, clock } = context;
  const found = await context.sessions.findTokenWithUser(db, hashToken(rawToken));
  if (!found || !isRoleName(found.role_name)) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);

  const now = clock.now().getTime();
  const lastUsed = Date.parse(found.last_used_at);
  const expired = now >= Date.parse(found.expires_at) || now >= lastUsed + TOKEN_IDLE_LIFETIME_MS;
  if (found.status === 'deactivated') {
    // Kept (disabling ended it by its expiry), so every call of the open tab gives the same reason.
    const message = await context.sessions.describeDisabledAccount(db, found.user_id);
    throw new HttpError(401, message, {}, {}, AUTH_ERROR_CODES.accountDisabled);
  }
  if (expired) {
    await context.sessions.end(db, found.token_id);
    throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
  }
  if (now - lastUsed >= TOKEN_TOUCH_INTERVAL_MS) {
    await context.sessions.touch(db, found.token_id, new Date(now).toISOString());
  }
  const role = found.role_name;
  return {
    id: found.user_id,
    role,
    firmId: found.firm_id,
    status: found.status as UserStatus,
    tokenId: found.token_id,
    passwordState: found.password_state,
    twoFactorEnabled: found.totp_enabled_at !== null,
    firmApproval: found.firm_approval,
    billingGranted: found.billing_granted === 1,
    rightsGranted: found.rights_granted === 1,
    privacyConsent: privacyConsentOf({ role, firmId: found.firm_id }, found),
  };
}

/** A request's route as the gates see it: Fastify's pattern, not the address with its ids. */
function routeOf(request: FastifyRequest): RouteDescription {
  return { method: request.method, url: request.routeOptions.url };
}

/**
 * The gates every route that takes a token or a signed link passes, in this order: what the account
 * itself needs (a password of one's own, a required second factor, the firm's privacy notice accepted:
 * policy/account-setup.policy.ts), then an unfinished registration (policy/registration.policy.ts). 403
 * with the step's message.
 */
function admitToRoute(actor: Actor, route: RouteDescription, requiredRoles: readonly RoleName[]): void {
  const step = pendingAccountStep(actor, requiredRoles);
  if (step) {
    if (!mayUseRouteDuringSetup(step.kind, route)) failForbidden(step.message);
  } else if (!mayUseRoute(actor, route)) {
    failForbidden(joiningMessage(actor) ?? REGISTRATION_PENDING_MESSAGE);
  }
}

/**
 * The bearer token's user, admitted to this request's route. The one way a route reads a token: the
 * authentication hook uses it, and so does a public route that also takes a token (a download without a
 * signed link), so no route skips a gate.
 */
export async function authenticateRequest(context: AppContext, request: FastifyRequest): Promise<Actor> {
  const actor = await authenticateToken(context, readBearerToken(request.headers.authorization));
  admitToRoute(actor, routeOf(request), context.config.require2faRoles);
  return actor;
}

/**
 * The user a signed link was made for, admitted to this request's route by the same gates as a token:
 * a link handed out before its user had to change a password or set up a second factor opens nothing.
 */
export function admitLinkUser(context: AppContext, request: FastifyRequest, user: LinkUserRow): Actor {
  const actor = actorOfUser(user);
  admitToRoute(actor, routeOf(request), context.config.require2faRoles);
  return actor;
}

/**
 * Deny by default: every /api route authenticates unless it is marked public (docs/api-conventions.md).
 */
export function registerAuthentication(app: FastifyInstance, context: AppContext): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const { config, url } = request.routeOptions;
    if (request.is404 || config.public) return;
    if (!url?.startsWith('/api/')) return;
    request.actor = await authenticateRequest(context, request);
  });
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);
  return request.actor;
}
