import type { Actor } from '../auth/actor.js';

export const REGISTRATION_PENDING_MESSAGE = 'Complete your registration first.';

/**
 * What a signed-in user in status `created` (a new executor, a self-registered MPC: docs/api-conventions.md)
 * may call, as `METHOD url` with Fastify's route pattern. Only reading itself and completing its own
 * registration: everything the "complete your registration" form loads or saves, and nothing else.
 * Public routes (settings, pincode, service options, sign-in) need no entry: the hook never checks them.
 */
const ROUTES_WHILE_REGISTERING: ReadonlySet<string> = new Set([
  'GET /api/me',
  'POST /api/logout',
  // Own record only: a `created` actor's user scope is itself (user-scope.ts), so others answer 404.
  'GET /api/user/detail/:id',
  // Own user_id only, for the same reason; saving sets the status to active.
  'POST /api/user/edit',
  // The edit form's audited read of its own sub-form secrets; own record only, as above.
  'GET /api/user/:id/sensitive',
  'GET /api/common/clientStatus',
  // The form's links to its own proofs and pictures (signed links; own documents only, as above).
  'GET /document/:segment/:store_name',
]);

/** A route as the authentication hook sees it. */
export type RouteDescription = { method: string; url: string | undefined };

function isRegistrationPending(actor: Pick<Actor, 'status'>): boolean {
  return actor.status === 'created';
}

/** Active users pass; a `created` user only on the routes listed above. */
export function mayUseRoute(actor: Pick<Actor, 'status'>, route: RouteDescription): boolean {
  if (!isRegistrationPending(actor)) return true;
  // Fastify answers HEAD from the GET route: the same rule applies.
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  return route.url !== undefined && ROUTES_WHILE_REGISTERING.has(`${method} ${route.url}`);
}
