import type { RoleName, UserStatus } from '@portal/contract/roles';
import type { User } from '@portal/contract/users';
import type { UserRow } from './users.repository.js';

/** The only way a user leaves the API: no hash of any kind can pass through. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    username: row.username,
    mobile_number: row.mobile_number,
    status: row.status as UserStatus,
    role_id: row.role_id,
    user_role: { role_id: row.role_id, name: row.role_name as RoleName },
    firm_id: row.firm_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
