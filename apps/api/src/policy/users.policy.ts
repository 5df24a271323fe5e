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
};

export function canCreateRole(actor: Pick<Actor, 'role'>, role: RoleName): boolean {
  return CREATABLE_ROLES[actor.role].includes(role);
}

export function canListRole(actor: Actor, roleId: number): boolean {
  return userScopeFor(actor).roleIds.includes(roleId);
}

export function canViewUser(actor: Actor, target: ScopedUser): boolean {
  return isInScope(userScopeFor(actor), target);
}

/** Others in scope; oneself only to complete one's registration (design.md section 7). */
export function canEditUser(actor: Actor, target: UserTarget): boolean {
  if (target.id === actor.id) return actor.status === 'created';
  return canViewUser(actor, target) && target.roleId !== ROLE_ID.admin;
}

export function canDisableUser(actor: Actor, target: UserTarget): boolean {
  return target.id !== actor.id && canViewUser(actor, target);
}
