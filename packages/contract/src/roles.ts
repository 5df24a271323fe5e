// The sign-in page runs on this file: it stays free of zod (apps/web/test/first-page-size.test.ts).
/** The five roles; `role_id` in summaries is this id (docs/api-conventions.md). */
export const ROLES = [
  { role_id: 1, name: 'admin', label: 'Admin' },
  { role_id: 2, name: 'mpc', label: 'MPC' },
  { role_id: 3, name: 'pc', label: 'PC' },
  { role_id: 4, name: 'executor', label: 'Executor' },
  { role_id: 5, name: 'client', label: 'Client' },
] as const;

export type RoleName = (typeof ROLES)[number]['name'];
type RoleId = (typeof ROLES)[number]['role_id'];

export const ROLE_NAMES = ROLES.map((role) => role.name) as RoleName[];

export const ROLE_ID: Record<RoleName, RoleId> = {
  admin: 1,
  mpc: 2,
  pc: 3,
  executor: 4,
  client: 5,
};

export function isRoleName(value: unknown): value is RoleName {
  return typeof value === 'string' && (ROLE_NAMES as string[]).includes(value);
}

export function findRoleName(roleId: number): RoleName | undefined {
  return ROLES.find((role) => role.role_id === roleId)?.name;
}

export const USER_STATUSES = ['created', 'active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
