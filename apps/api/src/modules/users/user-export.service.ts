import { findRoleName, ROLE_ID } from '@portal/contract/roles';
import type { UserExportQuery } from '@portal/contract/user-csv';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { readKeysetBatches } from '../../db/keyset-batches.js';
import { failForbidden } from '../../http/http-error.js';
import { userScopeFor } from '../../policy/user-scope.js';
import { canListRole } from '../../policy/users.policy.js';
import { recordAudit } from '../audit/audit.service.js';
import { listAssignmentsOfClients, listServicesOfUsers } from '../client-services/client-services.service.js';
import { exportHeaderFor, presentUserCsvCells } from './user-csv.presenter.js';
import { groupAssigneesByClient } from './user-list.presenter.js';
import { type ExportKey, listUsersForExport, type UserExportRow } from './user-lists.repository.js';

/**
 * Rows per statement while exporting: memory stays flat however many clients a firm has. A list's
 * largest page: its services' query (an IN list of the batch's ids) stays an index lookup per id, where
 * PostgreSQL would read all of `service_assignments` for 500 ids (the query-plan test's finding).
 */
const EXPORT_BATCH = 100;

type Cells = (string | number | null)[];

/** The services' names of a batch of users (a client's with who handles them), in two queries at most. */
async function readRelated(context: AppContext, rows: UserExportRow[], isClient: boolean) {
  const ids = rows.map((row) => row.id);
  if (!isClient) {
    const servicesOf = new Map<number, string[]>();
    for (const service of await listServicesOfUsers(context.db, ids))
      servicesOf.set(service.user_id, [...(servicesOf.get(service.user_id) ?? []), service.service_name]);
    return (row: UserExportRow) => ({ services: servicesOf.get(row.id) ?? [], assigned: [] });
  }
  const assignments = await listAssignmentsOfClients(context.db, ids);
  const assigned = groupAssigneesByClient(rows, assignments);
  const servicesOf = new Map<number, string[]>();
  for (const assignment of assignments)
    servicesOf.set(assignment.client_id, [...(servicesOf.get(assignment.client_id) ?? []), assignment.service_name]);
  return (row: UserExportRow) => ({ services: servicesOf.get(row.id) ?? [], assigned: assigned.get(row.id) ?? [] });
}

/**
 * `GET /api/user/export/{role_id}`: every user the list shows with the same filters and order, as CSV
 * cells a batch at a time (keyset, `EXPORT_BATCH` rows a statement). The scope is the list's; the
 * refusal and the audit event come before the first line, so a refusal is an answer, not a broken file.
 */
export async function exportUsersOfRole(
  context: AppContext,
  actor: Actor,
  roleId: number,
  query: UserExportQuery,
  ip: string,
): Promise<{ fileName: string; header: readonly string[]; rows: AsyncGenerator<Cells> }> {
  if (!canListRole(actor, roleId)) failForbidden();
  const scope = userScopeFor(actor);
  const isClient = roleId === ROLE_ID.client;
  const now = context.clock.now();
  // Personal data leaving the portal is on the record, like the activity log's own export.
  await recordAudit(context.db, {
    actorId: actor.id,
    action: 'user.export',
    ip,
    at: now,
    details: { role_id: roleId, ...query },
  });
  const filters = {
    roleId,
    serviceId: query.service_id,
    name: query.name,
    mobileNumber: query.mobile_number,
    search: query.search,
  };
  const ordering = { sort: query.sort, order: query.order };
  const sources = { keyring: context.keyring, log: context.log };
  async function* readAll(): AsyncGenerator<Cells> {
    const batches = readKeysetBatches(
      { size: EXPORT_BATCH },
      (after: ExportKey | undefined, limit) =>
        listUsersForExport(context.db, scope, { filters, ordering, after, limit }),
      (last) => ({ createdAt: last.created_at, firstName: last.sort_first, lastName: last.sort_last, id: last.id }),
    );
    for await (const rows of batches) {
      const relatedOf = await readRelated(context, rows, isClient);
      for (const row of rows) yield presentUserCsvCells(row, isClient, relatedOf(row), sources);
    }
  }
  const plural = `${findRoleName(roleId) ?? 'user'}s`;
  return {
    fileName: `${plural}-${now.toISOString().slice(0, 10)}.csv`,
    header: exportHeaderFor(isClient),
    rows: readAll(),
  };
}
