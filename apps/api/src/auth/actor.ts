import { findRoleName, type RoleName, type UserStatus } from '@portal/contract/roles';

/** The signed-in user as the policy sees it. */
export type Actor = {
  id: number;
  role: RoleName;
  firmId: number | null;
  status: UserStatus;
  tokenId: number;
  /** 'must_change': a password someone else typed, to be changed before anything else. */
  passwordState?: string;
  twoFactorEnabled?: boolean;
};

/**
 * A user acting without a session: the user a signed link was made for, or the demo seed's admin.
 * `tokenId` 0 is no token (there is none to revoke).
 */
export function actorOfUser(row: { id: number; role_id: number; firm_id: number | null; status: string }): Actor {
  return {
    id: row.id,
    role: findRoleName(row.role_id) as RoleName,
    firmId: row.firm_id,
    status: row.status as UserStatus,
    tokenId: 0,
  };
}
