import { FIRM_APPROVAL_MESSAGES } from '@portal/contract/firm-approvals';
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

type JoiningActor = Pick<Actor, 'status' | 'firmApproval'>;

/**
 * Why a user has not joined yet, in the order it happens: its registration to complete (status `created`),
 * then, for a self-registered firm under `REGISTRATION_APPROVAL`, the admin's approval. Null: joined.
 */
export function joiningMessage(actor: JoiningActor): string | null {
  if (actor.status === 'created') return REGISTRATION_PENDING_MESSAGE;
  if (actor.firmApproval === 'pending') return FIRM_APPROVAL_MESSAGES.waiting;
  return null;
}

/** Users who have joined pass; one still joining only on the routes listed above (its own profile). */
export function mayUseRoute(actor: JoiningActor, route: RouteDescription): boolean {
  if (joiningMessage(actor) === null) return true;
  // Fastify answers HEAD from the GET route: the same rule applies.
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  return route.url !== undefined && ROUTES_WHILE_REGISTERING.has(`${method} ${route.url}`);
}
