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
  /** Also the firm's clients this user handles a service of (seeing them, not managing them). */
  assignedAs?: { column: 'pc_id' | 'executor_id'; userId: number };
};

/** `view`: lists and details; `manage`: edit, disable, family members. */
export type ScopePurpose = 'view' | 'manage';

export type ScopedUser = {
  id: number;
  roleId: number;
  firmId: number | null;
  createdBy: number | null;
  /** For clients: who handles which of their services. */
  assignedPcIds?: number[];
  assignedExecutorIds?: number[];
  /** False while the client's services go to another firm's MPC instead (assign_service_type). */
  assignsToStaff?: boolean;
};

const ids = (...roles: RoleName[]) => roles.map((role) => ROLE_ID[role]);

/** Who the scope is for; without a status (another user's reach, for counts) the role decides alone. */
export type ScopeSubject = Pick<Actor, 'id' | 'role' | 'firmId'> & Partial<Pick<Actor, 'status'>>;

/**
 * Design.md section 6: admin reaches MPCs; an MPC its firm; a PC or executor what it created and
 * (to see) the clients assigned to it; a client itself. Section 7: a user still completing its
 * registration (status `created`) reaches only itself, whatever its role.
 */
export function userScopeFor(actor: ScopeSubject, purpose: ScopePurpose = 'view'): UserScope {
  if (actor.status === 'created') return { roleIds: [], selfId: actor.id };
  const firmId = actor.firmId ?? undefined;
  const assigned = (column: 'pc_id' | 'executor_id') =>
    purpose === 'view' ? { assignedAs: { column, userId: actor.id } } : {};
  switch (actor.role) {
    case 'admin':
      return { roleIds: ids('mpc'), selfId: actor.id };
    case 'mpc':
      return { roleIds: ids('pc', 'executor', 'client'), firmId: actor.id, selfId: actor.id };
    case 'pc':
      return {
        roleIds: ids('executor', 'client'),
        firmId,
        createdBy: actor.id,
        selfId: actor.id,
        ...assigned('pc_id'),
      };
    case 'executor':
      return { roleIds: ids('client'), firmId, createdBy: actor.id, selfId: actor.id, ...assigned('executor_id') };
    case 'client':
      return { roleIds: [], selfId: actor.id };
  }
}

/** Dashboard counts: the admin sees the whole platform, everyone else what it reaches. */
export function countScopeFor(actor: ScopeSubject): UserScope {
  if (actor.role === 'admin') return { roleIds: ids('mpc', 'pc', 'executor', 'client') };
  const { selfId: _self, ...scope } = userScopeFor(actor);
  return scope;
}

function isAssigned(scope: UserScope, user: ScopedUser): boolean {
  if (!scope.assignedAs || user.roleId !== ROLE_ID.client || user.firmId !== (scope.firmId ?? null)) return false;
  if (user.assignsToStaff === false) return false;
  const assignees = scope.assignedAs.column === 'pc_id' ? user.assignedPcIds : user.assignedExecutorIds;
  return (assignees ?? []).includes(scope.assignedAs.userId);
}

export function isInScope(scope: UserScope, user: ScopedUser): boolean {
  if (scope.selfId !== undefined && user.id === scope.selfId) return true;
  if (isAssigned(scope, user)) return true;
  if (!scope.roleIds.includes(user.roleId)) return false;
  if (scope.firmId !== undefined && user.firmId !== scope.firmId) return false;
  if (scope.createdBy !== undefined && user.createdBy !== scope.createdBy) return false;
  return true;
}
