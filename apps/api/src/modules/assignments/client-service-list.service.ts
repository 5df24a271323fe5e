import type { ClientService } from '@portal/contract/assignments';
import { ROLE_ID } from '@portal/contract/roles';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failNotFound } from '../../http/http-error.js';
import { authorize, delegatedScopeFor } from '../../policy/authorize.js';
import { clientServiceTarget } from '../../policy/files.policy.js';
import { userScopeFor } from '../../policy/user-scope.js';
import {
  listAssignmentsOfClient,
  listServicesOfUsers,
  readClientServiceAccess,
} from '../client-services/client-services.service.js';
import { findUserInScope, type UserRow } from '../users/users.service.js';

/**
 * `GET /api/service/client/{id}`: the services of a client the caller may see; to another firm's MPC,
 * which does not see the client, the services handed to it (its shared page's way back to them).
 */
export async function listClientServices(
  context: AppContext,
  actor: Actor,
  clientId: number,
): Promise<ClientService[]> {
  const client = await findUserInScope(context.db, userScopeFor(actor), clientId);
  const visible = client?.role_id === ROLE_ID.client;
  const services = visible
    ? await keepOpenable(context, actor, client)
    : await keepHandedOver(context, actor, clientId, await listServicesOfUsers(context.db, [clientId]));
  if (services.length === 0 && !visible) failNotFound('Client not found.');
  return services.map((row) => ({ service_id: row.service_id, service_name: row.service_name }));
}

/**
 * Of a client the caller sees, the services whose files it opens: a PC or executor seeing the client by
 * one service handles only that one, and a tile for another would open to "not found".
 */
async function keepOpenable(context: AppContext, actor: Actor, client: UserRow) {
  const facts = {
    id: client.id,
    firmId: client.firm_id,
    createdBy: client.created_by,
    assignsToStaff: client.assign_service_type === 1,
  };
  return (await listAssignmentsOfClient(context.db, client.id)).filter((row) =>
    authorize(
      actor,
      'file.read',
      clientServiceTarget(facts, { pcId: row.pc_id, executorId: row.executor_id, mpcId: row.mpc_id }),
    ),
  );
}

/** Of a client's services, those another firm handed this MPC (whose files it opens). */
async function keepHandedOver<T extends { service_id: number }>(
  context: AppContext,
  actor: Actor,
  clientId: number,
  rows: T[],
): Promise<T[]> {
  if (!delegatedScopeFor(actor)) return [];
  const kept: T[] = [];
  for (const row of rows) {
    const ids = { clientId, serviceId: row.service_id };
    const access = await readClientServiceAccess(context.db, actor, ids, ['file.read']);
    if (access?.allows('file.read')) kept.push(row);
  }
  return kept;
}
