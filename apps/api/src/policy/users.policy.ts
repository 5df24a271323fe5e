import type { RoleName } from '@portal/contract/roles';
import type { Actor } from '../auth/actor.js';
import { mayEver } from './authorize.js';
import { userScopeFor } from './user-scope.js';

/** Spec section 6: who adds whom. */
const CREATABLE_ROLES: Record<RoleName, RoleName[]> = {
  admin: ['mpc'],
  mpc: ['pc', 'executor', 'client'],
  pc: ['executor', 'client'],
  executor: ['client'],
  client: [],
};

/** Endpoint-level abilities of the people screens; per-record decisions go through `authorize`. */
export const usersPolicy = {
  'users.create': (actor: Actor) => CREATABLE_ROLES[actor.role].length > 0,
  'users.list': (actor: Actor) => userScopeFor(actor).roleIds.length > 0,
  'users.summary': (_actor: Actor) => true,
  'profile.update': (_actor: Actor) => true,
  // Spec: the MPC's User Link tab, the PC's and executor's Files tab.
  'links.manage': (actor: Actor) => mayEver(actor, 'link.manage'),
};

export function canCreateRole(actor: Pick<Actor, 'role'>, role: RoleName): boolean {
  return CREATABLE_ROLES[actor.role].includes(role);
}

export function canListRole(actor: Actor, roleId: number): boolean {
  return userScopeFor(actor).roleIds.includes(roleId);
}
