import { CLIENT_STATUSES } from '@portal/contract/common';
import { ROLE_ID } from '@portal/contract/roles';
import type { AssignedPerson, UserListItem, UserPermissions, UserService } from '@portal/contract/users';
import type { ClientAssignmentRow } from '../client-services/client-services.service.js';
import { presentUserWithServices } from './user.presenter.js';
import type { UserListRow } from './users.repository.js';

const ASSIGNEE_ROLES = ['pc', 'executor', 'mpc'] as const;

/**
 * Who is assigned to each client of a page, from one query's rows: while a client's services go to
 * its firm's staff (assign_service_type 1) its PCs and executors, otherwise the other firms' MPCs.
 * Each person once, PCs first.
 */
export function groupAssigneesByClient(
  clients: Pick<UserListRow, 'id' | 'assign_service_type'>[],
  rows: ClientAssignmentRow[],
): Map<number, AssignedPerson[]> {
  const toStaff = new Map(clients.map((client) => [client.id, client.assign_service_type === 1]));
  const byClient = new Map<number, AssignedPerson[]>();
  for (const role of ASSIGNEE_ROLES) {
    for (const row of rows) {
      const id = row[`${role}_id`];
      if (id === null || toStaff.get(row.client_id) !== (role !== 'mpc')) continue;
      const people = byClient.get(row.client_id) ?? [];
      if (people.some((person) => person.id === id)) continue;
      people.push({ id, name: `${row[`${role}_first_name`] ?? ''} ${row[`${role}_last_name`] ?? ''}`.trim(), role });
      byClient.set(row.client_id, people);
    }
  }
  return byClient;
}

/** One row of the shared list: PAN, GSTIN, client status and who is assigned besides the spec's columns. */
export function presentUserListItem(
  row: UserListRow,
  services: UserService[],
  assigned: AssignedPerson[],
  permissions: UserPermissions,
): UserListItem {
  const isClient = row.role_id === ROLE_ID.client;
  return {
    ...presentUserWithServices(row, services),
    pan_number: row.pan_number,
    gst_number: row.gst_number,
    client_status: isClient ? (CLIENT_STATUSES.find((status) => status.value === row.client_status_id) ?? null) : null,
    assigned_to: isClient ? assigned : [],
    permissions,
  };
}
