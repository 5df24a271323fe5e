import { ROLE_ID, type RoleName } from '@portal/contract/roles';
import type { Actor } from '../auth/actor.js';

/**
 * Which users an actor reaches, as data: the repository turns it into SQL, so a list can never hold
 * another firm's rows, and `isInScope` answers the same question in memory for single records.
 */
export type UserScope = {
  roleIds: number[];
  /** Only users of this firm. */
  firmId?: number;
  /** Only users this user created. */
  createdBy?: number;
  /** The actor's own record, whatever its role. */
  selfId?: number;
};

export type ScopedUser = { id: number; roleId: number; firmId: number | null; createdBy: number | null };

const ids = (...roles: RoleName[]) => roles.map((role) => ROLE_ID[role]);

/** Design.md section 6: admin reaches MPCs; an MPC its firm; a PC or executor what it created. */
export function userScopeFor(actor: Pick<Actor, 'id' | 'role' | 'firmId'>): UserScope {
  const firmId = actor.firmId ?? undefined;
  switch (actor.role) {
    case 'admin':
      return { roleIds: ids('mpc'), selfId: actor.id };
    case 'mpc':
      return { roleIds: ids('pc', 'executor', 'client'), firmId: actor.id, selfId: actor.id };
    case 'pc':
      return { roleIds: ids('executor', 'client'), firmId, createdBy: actor.id, selfId: actor.id };
    case 'executor':
      return { roleIds: ids('client'), firmId, createdBy: actor.id, selfId: actor.id };
    case 'client':
      return { roleIds: [], selfId: actor.id };
  }
}

/** Dashboard counts: the admin sees the whole platform, everyone else its own scope. */
export function countScopeFor(actor: Pick<Actor, 'id' | 'role' | 'firmId'>): UserScope {
  if (actor.role === 'admin') return { roleIds: ids('mpc', 'pc', 'executor', 'client') };
  const { selfId: _self, ...scope } = userScopeFor(actor);
  return scope;
}

export function isInScope(scope: UserScope, user: ScopedUser): boolean {
  if (scope.selfId !== undefined && user.id === scope.selfId) return true;
  if (!scope.roleIds.includes(user.roleId)) return false;
  if (scope.firmId !== undefined && user.firmId !== scope.firmId) return false;
  if (scope.createdBy !== undefined && user.createdBy !== scope.createdBy) return false;
  return true;
}
