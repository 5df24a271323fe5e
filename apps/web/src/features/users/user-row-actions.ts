import type { RoleName } from '@portal/contract/roles';

export type RowAction = 'detail' | 'files' | 'assign' | 'disable';

/**
 * Spec "Lists" row actions, per list. Only the MPC assigns services (design.md section 6), and only
 * clients have services and files; the admin does not read client files.
 */
const ROW_ACTIONS: Partial<Record<RoleName, Partial<Record<RoleName, RowAction[]>>>> = {
  admin: { mpc: ['detail', 'disable'] },
  mpc: { client: ['detail', 'files', 'assign', 'disable'] },
  pc: { client: ['detail', 'files', 'disable'] },
  executor: { client: ['detail', 'files', 'disable'] },
};

export function rowActionsFor(role: RoleName, listRole: RoleName): RowAction[] {
  return ROW_ACTIONS[role]?.[listRole] ?? ['detail', 'disable'];
}
