import {
  AUDIT_MESSAGES,
  type AuditFilters,
  type AuditListQuery,
  type AuditPage,
  auditCursorOf,
} from '@portal/contract/audit';
import { countPages } from '@portal/contract/paging';
import { startOfIndianDay } from '@portal/contract/plain-dates';
import { ROLE_ID } from '@portal/contract/roles';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { readKeysetBatches } from '../../db/keyset-batches.js';
import { failForbidden, failNotFound } from '../../http/http-error.js';
import { auditScopeFor } from '../../policy/audit-scope.js';
import { authorize } from '../../policy/authorize.js';
import { clientServiceTarget } from '../../policy/files.policy.js';
import { userScopeFor } from '../../policy/user-scope.js';
import { recordAudit } from '../audit/audit.service.js';
import { listAssignmentsOfClient } from '../client-services/client-services.service.js';
import { groupHandlersByClient } from '../users/user-permissions.js';
import { toUserTarget } from '../users/user-target.js';
import { findUserInScope } from '../users/users.service.js';
import { AUDIT_CSV_HEADER, presentAuditCsvCells, presentAuditEvent } from './activity.presenter.js';
import { type AuditReadScope, type AuditRowFilters, countAuditEvents, listAuditEvents } from './activity.repository.js';

/**
 * Whose events the caller reads. With a client named, that client's, for whoever may see its activity
 * (`audit.client`; a client out of sight is 404): file and folder events only of the services whose files
 * the caller opens (`file.read`), sign-ins and addresses only to whoever may see them
 * (`audit.client_account`). Otherwise the caller's Activity scope (`audit.read`).
 */
async function resolveScope(context: AppContext, actor: Actor, clientId: number | undefined): Promise<AuditReadScope> {
  if (clientId === undefined) {
    const scope = auditScopeFor(actor);
    if (!scope) failForbidden();
    return scope;
  }
  const client = await findUserInScope(context.db, userScopeFor(actor), clientId);
  if (!client || client.role_id !== ROLE_ID.client) failNotFound(AUDIT_MESSAGES.clientNotFound);
  const services = await listAssignmentsOfClient(context.db, client.id);
  const target = { ...toUserTarget(client), handlers: groupHandlersByClient(services).get(client.id) };
  if (!authorize(actor, 'audit.client', target)) failForbidden();
  const fileClient = {
    id: client.id,
    firmId: client.firm_id,
    createdBy: client.created_by,
    assignsToStaff: client.assign_service_type === 1,
  };
  // Opening the client's files whoever handles a service (its firm's MPC, its creator): every service.
  const opensEvery = authorize(actor, 'file.read', clientServiceTarget(fileClient, null));
  const opened = services.filter((service) =>
    authorize(
      actor,
      'file.read',
      clientServiceTarget(fileClient, { pcId: service.pc_id, executorId: service.executor_id, mpcId: service.mpc_id }),
    ),
  );
  return {
    firmId: client.firm_id ?? -1,
    clientId: client.id,
    ...(opensEvery ? {} : { serviceIds: opened.map((service) => service.service_id) }),
    withoutAccount: !authorize(actor, 'audit.client_account', target),
  };
}

/** A page of events as the scope shows them: without the addresses when its reader may not see them. */
async function readEvents(
  context: AppContext,
  scope: AuditReadScope,
  filters: AuditRowFilters,
  limit: number,
  offset = 0,
) {
  const rows = await listAuditEvents(context.db, scope, filters, limit, offset);
  return 'withoutAccount' in scope && scope.withoutAccount ? rows.map((row) => ({ ...row, ip: null })) : rows;
}

/** The filters as SQL reads them: a date range becomes the instants Indian days start at. */
function rowFiltersOf(filters: AuditFilters): AuditRowFilters {
  return {
    actorId: filters.actor_id,
    action: filters.action,
    fromAt: filters.from ? startOfIndianDay(filters.from) : undefined,
    toAt: filters.to ? startOfIndianDay(filters.to, 1) : undefined,
  };
}

/**
 * `GET /api/audit`: a page of events newest first, the cursor of the next, and the count of all of them.
 * A page asked by number skips the pages before it; `before` (a cursor) wins over a number.
 */
export async function listActivity(context: AppContext, actor: Actor, query: AuditListQuery): Promise<AuditPage> {
  const scope = await resolveScope(context, actor, query.client_id);
  const filters = rowFiltersOf(query);
  const page = query.before ? 1 : (query.page ?? 1);
  const [rows, total] = await Promise.all([
    readEvents(context, scope, { ...filters, before: query.before }, query.limit + 1, (page - 1) * query.limit),
    countAuditEvents(context.db, scope, filters),
  ]);
  const shown = rows.slice(0, query.limit).map(presentAuditEvent);
  const last = shown.at(-1);
  return {
    data: shown,
    per_page: query.limit,
    next: rows.length > query.limit && last ? auditCursorOf(last) : null,
    total,
    current_page: page,
    last_page: countPages(total, query.limit),
  };
}

/** Rows per statement while exporting: memory stays flat however long the log is. */
const EXPORT_BATCH = 500;

/**
 * `GET /api/audit/export`: every event the same filters show, as CSV lines produced a batch at a time.
 * The scope is settled (and the export itself logged) before the first line, so a refusal is an answer,
 * not a broken download.
 */
export async function exportActivity(
  context: AppContext,
  actor: Actor,
  filters: AuditFilters,
  ip: string,
): Promise<{ fileName: string; header: string[]; rows: AsyncGenerator<(string | number)[]> }> {
  const scope = await resolveScope(context, actor, filters.client_id);
  const now = context.clock.now();
  await recordAudit(context.db, {
    actorId: actor.id,
    action: 'audit.export',
    ip,
    at: now,
    details: { ...filters },
  });
  const rowFilters = rowFiltersOf(filters);
  async function* readAll(): AsyncGenerator<(string | number)[]> {
    const batches = readKeysetBatches(
      { size: EXPORT_BATCH },
      (before: AuditRowFilters['before'], limit) => readEvents(context, scope, { ...rowFilters, before }, limit),
      (last) => ({ at: last.created_at, id: last.id }),
    );
    for await (const rows of batches) for (const row of rows) yield presentAuditCsvCells(presentAuditEvent(row));
  }
  return { fileName: `activity-${now.toISOString().slice(0, 10)}.csv`, header: AUDIT_CSV_HEADER, rows: readAll() };
}
