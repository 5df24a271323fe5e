import type { RoleName, UserStatus } from './roles.js';

export type UserRole = {
  role_id: number;
  name: RoleName;
};

/** A user as every response presents it: never a password or token hash. */
export type User = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  mobile_number: string | null;
  status: UserStatus;
  role_id: number;
  user_role: UserRole;
  firm_id: number | null;
  created_at: string;
  updated_at: string;
};
