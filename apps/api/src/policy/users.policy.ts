import { ROLE_ID, type RoleName } from '@portal/contract/roles';
import type { Actor } from '../auth/actor.js';
import { isInScope, type ScopedUser, userScopeFor } from './user-scope.js';

/** Spec section 6: who adds whom. */
const CREATABLE_ROLES: Record<RoleName, RoleName[]> = {
  admin: ['mpc'],
  mpc: ['pc', 'executor', 'client'],
  pc: ['executor', 'client'],
  executor: ['client'],
  client: [],
};

export type UserTarget = ScopedUser & { status: string };

export const usersPolicy = {
  'users.create': (actor: Actor) => CREATABLE_ROLES[actor.role].length > 0,
  'users.list': (actor: Actor) => userScopeFor(actor).roleIds.length > 0,
  'users.summary': (_actor: Actor) => true,
  'profile.update': (_actor: Actor) => true,
  // Spec: the MPC's User Link tab, the PC's and executor's Files tab.
  'links.manage': (actor: Actor) => actor.role === 'mpc' || actor.role === 'pc' || actor.role === 'executor',
};

export function canCreateRole(actor: Pick<Actor, 'role'>, role: RoleName): boolean {
  return CREATABLE_ROLES[actor.role].includes(role);
}

export function canListRole(actor: Actor, roleId: number): boolean {
  return userScopeFor(actor).roleIds.includes(roleId);
}

export function canViewUser(actor: Actor, target: ScopedUser): boolean {
  return isInScope(userScopeFor(actor, 'view'), target);
}

/** Others it manages; oneself only to complete one's registration (design.md section 7). */
export function canEditUser(actor: Actor, target: UserTarget): boolean {
  if (target.id === actor.id) return actor.status === 'created';
  return isInScope(userScopeFor(actor, 'manage'), target) && target.roleId !== ROLE_ID.admin;
}

export function canDisableUser(actor: Actor, target: UserTarget): boolean {
  return target.id !== actor.id && isInScope(userScopeFor(actor, 'manage'), target);
}

/** Family members of a client: whoever manages the client, and the client itself. */
export function canManageFamily(actor: Actor, client: UserTarget): boolean {
  if (client.roleId !== ROLE_ID.client) return false;
  return client.id === actor.id || isInScope(userScopeFor(actor, 'manage'), client);
}

/** Who handles which service of a client: the MPC of the client's firm (design.md section 6). */
export function canAssignServices(actor: Actor, client: UserTarget): boolean {
  return actor.role === 'mpc' && client.roleId === ROLE_ID.client && client.firmId === actor.id;
}
