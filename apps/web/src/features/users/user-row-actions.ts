import type { RoleName } from '@portal/contract/roles';

export type RowAction = 'detail' | 'files' | 'assign' | 'disable';

/**
 * Spec "Lists" row actions, per list. The admin's MPC list has no service files or assignment:
 * the admin does not read client files (design.md section 6). Lists of clients gain those actions
 * when the firm and files work adds their screens.
 */
const ROW_ACTIONS: Partial<Record<RoleName, Partial<Record<RoleName, RowAction[]>>>> = {
  admin: { mpc: ['detail', 'disable'] },
};

export function rowActionsFor(role: RoleName, listRole: RoleName): RowAction[] {
  return ROW_ACTIONS[role]?.[listRole] ?? ['detail', 'disable'];
}
