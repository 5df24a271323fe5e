import { findRoleName } from '@portal/contract/roles';
import { WORK_MESSAGES as M, type WorkAssignee } from '@portal/contract/work';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failValidation } from '../../http/http-error.js';
import { authorize, firmOf } from '../../policy/authorize.js';
import { toUserTarget } from '../users/user-target.js';
import { findReachableWorkItem } from './work-access.js';
import { listFirmStaff } from './work-items.repository.js';

/**
 * Who the caller may hand its firm's work to: itself, the firm's MPC, and the firm's PCs and executors
 * it may see (the access table's `user.view`: the MPC all of them, a PC the executors it created).
 */
export async function listAssignees(context: AppContext, actor: Actor): Promise<WorkAssignee[]> {
  const firm = firmOf(actor);
  if (firm === null || actor.role === 'client' || actor.role === 'admin') return [];
  const staff = await listFirmStaff(context.db, firm);
  return staff
    .filter((row) => row.id === actor.id || row.id === firm || authorize(actor, 'user.view', toUserTarget(row)))
    .map((row) => ({
      id: row.id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      role: findRoleName(row.role_id) as WorkAssignee['role'],
    }));
}

/**
 * An assignee the caller may set on an item it may change: nobody, itself, or one of `listAssignees`, the
 * people of the caller's own firm. On another firm's item (a service handed to this MPC) that firm's
 * staff are not its to assign, and its own PCs and executors are: handed work, they reach that service
 * (`delegated-assignee`, `delegated-handler`; docs/decisions/0047).
 */
export async function assertAssignable(context: AppContext, actor: Actor, assigneeId: number | null): Promise<void> {
  if (assigneeId === null || assigneeId === actor.id) return;
  const options = await listAssignees(context, actor);
  if (!options.some((option) => option.id === assigneeId)) failValidation('assignee_id', M.assigneeInvalid);
}

/** `GET /api/work/{id}/assignees`: who the caller may hand this item to, as `assertAssignable` decides. */
export async function readItemAssignees(context: AppContext, actor: Actor, workId: number): Promise<WorkAssignee[]> {
  await findReachableWorkItem(context, actor, workId, 'work.edit');
  return listAssignees(context, actor);
}
