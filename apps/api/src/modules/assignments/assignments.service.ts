import {
  type assignExecutorSchema,
  type assignMpcSchema,
  type assignPcSchema,
  type assignTypeSchema,
  ASSIGNMENT_MESSAGES as M,
  type ServiceAssignment,
} from '@portal/contract/assignments';
import type { AuditAction } from '@portal/contract/audit-actions';
import { ROLE_ID } from '@portal/contract/roles';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { failForbidden, failNotFound, failValidation } from '../../http/http-error.js';
import { authorize, firmOf } from '../../policy/authorize.js';
import { userScopeFor } from '../../policy/user-scope.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  type AssigneeColumn,
  findHandlers,
  listAssignmentsOfClient,
  listServicesOfUsers,
  setAssignee,
} from '../client-services/client-services.service.js';
import { notifyUsers } from '../notifications/notify-users.js';
import { toUserTarget } from '../users/user-target.js';
import {
  findActiveUserByUsername,
  findUserById,
  findUserInScope,
  type UserRow,
  updateUser,
} from '../users/users.service.js';
import { presentAssignment } from './assignment.presenter.js';
import { onClientTakenBack, onServiceAssigned } from './assignment-hooks.js';
import { releaseFirmStaff } from './staff-release.js';

/** The activity log's name for each kind of assignment. */
const ASSIGNMENT_ACTIONS = {
  pc_id: 'assignment.pc',
  executor_id: 'assignment.executor',
  mpc_id: 'assignment.mpc',
} as const satisfies Record<AssigneeColumn, AuditAction>;

async function findVisibleClient(context: AppContext, actor: Actor, clientId: number): Promise<UserRow> {
  const client = await findUserInScope(context.db, userScopeFor(actor), clientId);
  if (!client || client.role_id !== ROLE_ID.client) failNotFound('Client not found.');
  return client;
}

/** The client, if the caller is the MPC of its firm (the only one who assigns). */
async function findAssignableClient(context: AppContext, actor: Actor, clientId: number): Promise<UserRow> {
  const client = await findVisibleClient(context, actor, clientId);
  if (!authorize(actor, 'service.assign', toUserTarget(client))) failForbidden();
  return client;
}

/** `GET /api/service/assignService/{id}`: who handles each service of the client. */
export async function listAssignments(
  context: AppContext,
  actor: Actor,
  clientId: number,
): Promise<ServiceAssignment[]> {
  const client = await findAssignableClient(context, actor, clientId);
  return (await listAssignmentsOfClient(context.db, client.id)).map(presentAssignment);
}

export async function updateAssignType(
  context: AppContext,
  actor: Actor,
  input: z.output<typeof assignTypeSchema>,
  ip: string,
) {
  const client = await findAssignableClient(context, actor, input.client_id);
  const now = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    await updateUser(trx, client.id, {
      assign_service_type: input.assign_service_type ? 1 : 0,
      updated_at: now.toISOString(),
    });
    // Back from another firm: the open work it held comes home (docs/decisions/0047).
    if (input.assign_service_type && client.assign_service_type === 0 && client.firm_id !== null)
      await onClientTakenBack.fire(trx, { clientId: client.id, firmId: client.firm_id, actorId: actor.id, at: now });
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'assignment.type',
      entityType: 'user',
      entityId: client.id,
      ip,
      at: now,
      details: { assign_service_type: input.assign_service_type },
    });
  });
}

/** Authorises on the client first, then checks the assignee (`check`), then writes. */
async function assign(
  context: AppContext,
  actor: Actor,
  target: { clientId: number; serviceId: number; column: AssigneeColumn; userId: number | null },
  ip: string,
  check: () => Promise<void> = async () => {},
): Promise<void> {
  const client = await findAssignableClient(context, actor, target.clientId);
  await check();
  const services = await listServicesOfUsers(context.db, [client.id]);
  const service = services.find((entry) => entry.service_id === target.serviceId);
  if (!service) failValidation('service_id', M.serviceNotOfClient);
  const now = context.clock.now();
  // Another firm's MPC for a client in MPC mode: the service, and its open work, leave this firm.
  const toOtherFirm = target.column === 'mpc_id' && target.userId !== null && client.assign_service_type === 0;
  const write = () =>
    context.db.transaction().execute(async (trx) => {
      const before = await findHandlers(trx, client.id, target.serviceId);
      await setAssignee(trx, { ...target, now: now.toISOString() });
      if (toOtherFirm)
        await releaseFirmStaff(trx, before, {
          clientId: client.id,
          serviceId: target.serviceId,
          actorId: actor.id,
          ip,
          at: now,
        });
      // The person newly handed the service hears of it (docs/notifications.md); a repeat tells nobody.
      if (target.userId !== null && before?.[target.column] !== target.userId)
        await notifyUsers(trx, {
          recipients: [target.userId],
          kind: 'service_assigned',
          actorId: actor.id,
          clientId: client.id,
          serviceId: target.serviceId,
          subject: service.service_name,
          at: now,
        });
      // Open work of the service that nobody had (all of it, to another firm) goes to the person just assigned.
      await onServiceAssigned.fire(trx, {
        clientId: client.id,
        serviceId: target.serviceId,
        assignsToStaff: client.assign_service_type === 1,
        toOtherFirm,
        actorId: actor.id,
        at: now,
      });
      await recordAudit(trx, {
        actorId: actor.id,
        action: ASSIGNMENT_ACTIONS[target.column],
        entityType: 'user',
        entityId: client.id,
        ip,
        at: now,
        details: { service_id: target.serviceId, assignee_id: target.userId },
      });
    });
  try {
    await write();
  } catch (error) {
    // Two first assignments of one service at once: the second becomes an update.
    if (!isUniqueViolation(error)) throw error;
    await write();
  }
}

/** The assignment column, and the form field its errors are reported on, of each staff role. */
const STAFF_COLUMNS = { pc: 'pc_id', executor: 'executor_id' } as const satisfies Record<string, AssigneeColumn>;
type StaffRole = keyof typeof STAFF_COLUMNS;

/** A PC or executor must belong to the caller's firm and not be disabled. */
async function assertStaffOfFirm(context: AppContext, actor: Actor, userId: number | null, role: StaffRole) {
  if (userId === null) return;
  const user = await findUserById(context.db, userId);
  const valid =
    user && user.role_id === ROLE_ID[role] && user.firm_id === firmOf(actor) && user.status !== 'deactivated';
  if (!valid) failValidation(STAFF_COLUMNS[role], role === 'pc' ? M.pcInvalid : M.executorInvalid);
}

/** What an assignment form names: the client's service and, in the role's column, the person (or null). */
type StaffAssignment<R extends StaffRole> = { client_id: number; service_id: number } & {
  [column in (typeof STAFF_COLUMNS)[R]]: number | null;
};

/** Hands one service of a client to a PC or executor of the firm (or takes it back, with null). */
async function assignStaff<R extends StaffRole>(
  context: AppContext,
  actor: Actor,
  role: R,
  input: StaffAssignment<R>,
  ip: string,
): Promise<void> {
  const column = STAFF_COLUMNS[role];
  const userId = input[column];
  const target = { clientId: input.client_id, serviceId: input.service_id, userId, column };
  await assign(context, actor, target, ip, () => assertStaffOfFirm(context, actor, userId, role));
}

export async function assignPc(context: AppContext, actor: Actor, input: z.output<typeof assignPcSchema>, ip: string) {
  await assignStaff(context, actor, 'pc', input, ip);
}

export async function assignExecutor(
  context: AppContext,
  actor: Actor,
  input: z.output<typeof assignExecutorSchema>,
  ip: string,
) {
  await assignStaff(context, actor, 'executor', input, ip);
}

/** Another firm's MPC, by username: it reaches this client's this service only (docs/authorization.md). */
export async function assignMpc(
  context: AppContext,
  actor: Actor,
  input: z.output<typeof assignMpcSchema>,
  ip: string,
) {
  const mpc = await findActiveUserByUsername(context.db, input.mpc_username);
  const checkMpc = async () => {
    if (!mpc || mpc.role_id !== ROLE_ID.mpc) failValidation('mpc_username', M.mpcUnknown);
    if (mpc.id === firmOf(actor)) failValidation('mpc_username', M.mpcOwnFirm);
  };
  const target = {
    clientId: input.client_id,
    serviceId: input.service_id,
    column: 'mpc_id' as const,
    userId: mpc?.id ?? null,
  };
  await assign(context, actor, target, ip, checkMpc);
}
