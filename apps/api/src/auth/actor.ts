import type { RoleName, UserStatus } from '@portal/contract/roles';

/** The signed-in user as the policy sees it. */
export type Actor = {
  id: number;
  role: RoleName;
  firmId: number | null;
  status: UserStatus;
  tokenId: number;
};
