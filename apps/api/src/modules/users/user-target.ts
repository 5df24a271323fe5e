import type { TargetFacts } from '../../policy/authorize.js';
import type { UserRow } from './users.repository.js';

/** A user row as the access table's relations read it (assignments are not loaded: not needed to manage). */
export function toUserTarget(
  row: Pick<UserRow, 'id' | 'role_id' | 'firm_id' | 'created_by' | 'assign_service_type'>,
): TargetFacts {
  return {
    id: row.id,
    roleId: row.role_id,
    firmId: row.firm_id,
    createdBy: row.created_by,
    assignsToStaff: row.assign_service_type === 1,
  };
}
