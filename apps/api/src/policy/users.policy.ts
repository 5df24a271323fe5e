import { ROLE_ID, type RoleName } from '@portal/contract/roles';
import type { Actor } from '../auth/actor.js';
import { authorize, firmOf, mayEver, type Subject } from './authorize.js';
import { userScopeFor } from './user-scope.js';

/** Endpoint-level abilities of the people screens, read from the access table. */
export const usersPolicy = {
  'users.create': (actor: Actor) => mayEver(actor, 'user.create'),
  // Clients from a CSV file: whoever may add a client (`user.create`) one by one.
  'clients.import': (actor: Actor) => canCreateRole(actor, 'client'),
  'users.list': (actor: Actor) => userScopeFor(actor).roleIds.length > 0,
  // The MPC's User Link tab, the PC's and executor's Files tab.
  'links.manage': (actor: Actor) => mayEver(actor, 'link.manage'),
  // The queue of firms that signed themselves up (`REGISTRATION_APPROVAL`).
  'firms.approve': (actor: Actor) => mayEver(actor, 'firm.approve'),
};

/** Who adds whom (`user.create`): the user as it would be created, in the actor's firm and by it. */
export function canCreateRole(actor: Subject, role: RoleName): boolean {
  return authorize(actor, 'user.create', {
    id: 0,
    roleId: ROLE_ID[role],
    firmId: role === 'mpc' ? null : firmOf(actor),
    createdBy: actor.id,
  });
}

export function canListRole(actor: Actor, roleId: number): boolean {
  return userScopeFor(actor).roleIds.includes(roleId);
}
