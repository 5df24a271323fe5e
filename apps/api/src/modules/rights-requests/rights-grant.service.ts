import { RIGHTS_MESSAGES as M, type RightsGrant } from '@portal/contract/rights-requests';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failForbidden, failNotFound } from '../../http/http-error.js';
import { authorize, scopeFor } from '../../policy/authorize.js';
import { type PersonGrant, savePersonGrant } from '../users/person-grant.service.js';
import { findUserInScope } from '../users/users.service.js';
import { findPerson, setRightsGranted } from './rights-requests.repository.js';

const RIGHTS_GRANT: PersonGrant = { action: 'rights.grant', write: setRightsGranted };

/**
 * A PC of the caller's firm whose data request permission it sets (`rights.grant`: the MPC): 403 when the
 * caller sees the person but the table grants no such row, 404 when it does not see the person at all.
 */
async function findGrantee(context: AppContext, actor: Actor, userId: number) {
  const person = await findPerson(context.db, userId);
  const facts = person && {
    id: person.id,
    roleId: person.role_id,
    firmId: person.firm_id,
    createdBy: person.created_by,
  };
  if (person && facts && authorize(actor, 'rights.grant', facts)) return person;
  if (await findUserInScope(context.db, scopeFor(actor, 'user.view'), userId)) failForbidden();
  return failNotFound(M.userNotFound);
}

/** `GET /api/users/{id}/rights-permission`: whether a PC of the MPC's firm may handle its data requests. */
export async function readRightsGrant(context: AppContext, actor: Actor, userId: number): Promise<RightsGrant> {
  return { granted: (await findGrantee(context, actor, userId)).rights_granted === 1 };
}

/**
 * `PUT /api/users/{id}/rights-permission`: the MPC lets a PC handle the firm's data requests, or stops it;
 * the PC's next request already reads it (its session reads the permission each time).
 */
export async function saveRightsGrant(
  context: AppContext,
  actor: Actor,
  userId: number,
  input: RightsGrant,
  ip: string,
): Promise<RightsGrant> {
  const grantee = await findGrantee(context, actor, userId);
  const person = { id: userId, granted: grantee.rights_granted === 1 };
  await savePersonGrant(context, actor, RIGHTS_GRANT, person, input.granted, ip);
  return input;
}
