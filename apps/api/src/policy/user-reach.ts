import { ROLE_ID } from '@portal/contract/roles';
import { type ExpressionBuilder, sql } from 'kysely';
import type { DB } from '../db/schema.js';
import type { UserScope } from './user-scope.js';

/**
 * The one SQL reading of the access table's user relations (policy/user-scope.ts): every list of users and
 * every check of one user (a list of one id) reads reach from here. Written so an index can serve
 * it: the firm (every actor's reach but the admin's) is a top-level AND, not one arm of an OR, and when
 * the caller names the role it lists, only the branches that can hold that role are kept, so a firm's
 * list of its clients is `firm_id = ? and role_id = ?` read in index order (docs/performance.md).
 */
export function userScopeCondition(eb: ExpressionBuilder<DB, 'users'>, scope: UserScope, roleId?: number) {
  const never = sql<boolean>`1 = 0`;
  const always = sql<boolean>`1 = 1`;
  const firmOnTop = scope.withinFirm !== undefined ? [eb('users.firm_id', '=', scope.withinFirm)] : [];
  const roles = roleId === undefined ? scope.roleIds : scope.roleIds.filter((id) => id === roleId);
  const branches = [];
  if (roles.length > 0) {
    const parts = [
      ...(roleId === undefined ? [eb('users.role_id', 'in', roles)] : []),
      ...(scope.firmId !== undefined && scope.firmId !== scope.withinFirm
        ? [eb('users.firm_id', '=', scope.firmId)]
        : []),
      ...(scope.createdBy !== undefined ? [eb('users.created_by', '=', scope.createdBy)] : []),
    ];
    // The role (and firm) alone: every other branch is a subset of this one.
    if (parts.length === 0) return firmOnTop.length > 0 ? eb.and(firmOnTop) : always;
    branches.push(eb.and(parts));
  }
  if (scope.selfId !== undefined) branches.push(eb('users.id', '=', scope.selfId));
  if (scope.assignedAs && (roleId === undefined || roleId === ROLE_ID.client)) {
    const { column, userId, firmId } = scope.assignedAs;
    branches.push(
      eb.and([
        ...(roleId === undefined ? [eb('users.role_id', '=', ROLE_ID.client)] : []),
        ...(firmId !== scope.withinFirm ? [eb('users.firm_id', '=', firmId)] : []),
        // Assignments count while the client's services go to the firm's own staff.
        eb('users.assign_service_type', '=', 1),
        // Uncorrelated: the handful of clients this person handles, read once through its index.
        eb(
          'users.id',
          'in',
          eb.selectFrom('service_assignments').select('service_assignments.client_id').where(column, '=', userId),
        ),
      ]),
    );
  }
  if (branches.length === 0) return never;
  const reach = branches.length === 1 ? (branches[0] as ReturnType<typeof eb.and>) : eb.or(branches);
  return firmOnTop.length > 0 ? eb.and([...firmOnTop, reach]) : reach;
}
