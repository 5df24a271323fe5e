import type { UserPermissions } from '@portal/contract/users';
import type { Actor } from '../../auth/actor.js';
import { authorize, type TargetFacts } from '../../policy/authorize.js';
import type { ClientAssignmentRow } from '../client-services/client-services.service.js';
import { toUserTarget } from './user-target.js';
import type { UserListRow } from './users.repository.js';

/** Who handles any service of each client, from one page's assignment rows. */
export function groupHandlersByClient(rows: ClientAssignmentRow[]): Map<number, NonNullable<TargetFacts['handlers']>> {
  const byClient = new Map<number, NonNullable<TargetFacts['handlers']>>();
  for (const row of rows) {
    const handlers = byClient.get(row.client_id) ?? { pcIds: [], executorIds: [], mpcIds: [] };
    if (row.pc_id !== null) handlers.pcIds.push(row.pc_id);
    if (row.executor_id !== null) handlers.executorIds.push(row.executor_id);
    if (row.mpc_id !== null) handlers.mpcIds.push(row.mpc_id);
    byClient.set(row.client_id, handlers);
  }
  return byClient;
}

/**
 * What the caller may do with one user, from the access table: the browser shows an action only when
 * its flag is set (it never decides by role name). `files`: some service of the client is open to it.
 */
export function permissionsFor(
  actor: Actor,
  row: UserListRow,
  handlers: TargetFacts['handlers'] = { pcIds: [], executorIds: [], mpcIds: [] },
): UserPermissions {
  const target = { ...toUserTarget(row), handlers };
  const disabled = row.status === 'deactivated';
  return {
    edit: authorize(actor, 'user.edit', target),
    disable: !disabled && authorize(actor, 'user.disable', target),
    enable: disabled && authorize(actor, 'user.enable', target),
    manage_family: authorize(actor, 'family.manage', target),
    assign_services: !disabled && authorize(actor, 'service.assign', target),
    files: authorize(actor, 'file.read', target),
    send_reset: !disabled && authorize(actor, 'user.send_reset', target),
    reset_two_factor: authorize(actor, 'user.reset_2fa', target),
    activity: authorize(actor, 'audit.client', target),
    billing: authorize(actor, 'billing.manage', target),
    grant_billing: authorize(actor, 'billing.grant', target),
    grant_rights: authorize(actor, 'rights.grant', target),
    legal_hold: authorize(actor, 'client.hold', target),
    erase: authorize(actor, 'client.erase', target),
  };
}
