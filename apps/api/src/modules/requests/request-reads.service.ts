import { labelPeriod } from '@portal/contract/compliance-periods';
import type { Paged } from '@portal/contract/envelope';
import { type DocumentRequest, REQUEST_MESSAGES as M, type RequestListQuery } from '@portal/contract/requests';
import { isOpenStatus, type WorkItemRequests, type WorkStatus } from '@portal/contract/work';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failNotFound } from '../../http/http-error.js';
import { readPage } from '../../http/paged.js';
import { authorize } from '../../policy/authorize.js';
import { clientServiceScopeFor } from '../../policy/client-service-scope.js';
import { workItemTarget } from '../../policy/work.policy.js';
import { withoutIdleDelegatedPart } from '../client-services/client-services.service.js';
import { readRequestLinksEnabled } from '../firm-settings/firm-settings.service.js';
import { todayOf, workReachOf } from '../work/work-access.js';
import type { WorkItemRow } from '../work/work-item-query.js';
import { presentRequest } from './request.presenter.js';
import { readLiveLinks } from './request-links.service.js';
import { countRequests, listRequests as listRequestRows, requestScopeParts } from './request-lists.repository.js';
import {
  findRequestWithin,
  findTopFolder,
  listFilesOf,
  listItemsOf,
  listRequestsOfWork,
  type RequestRow,
} from './requests.repository.js';

/** The request, if the caller may see it; one out of reach reads exactly like one that does not exist. */
export async function findReachableRequest(context: AppContext, actor: Actor, requestId: number): Promise<RequestRow> {
  const row = await findRequestWithin(context.db, requestId, workReachOf(actor, 'request.view'));
  if (!row) failNotFound(M.notFound);
  return row;
}

/** Some requests presented with their documents and files: two more queries, whatever their number. */
async function presentRows(context: AppContext, actor: Actor, rows: RequestRow[]): Promise<DocumentRequest[]> {
  const items = await listItemsOf(
    context.db,
    rows.map((row) => row.request_id),
  );
  const files = await listFilesOf(
    context.db,
    items.map((item) => item.id),
  );
  const now = context.clock.now();
  // Links are staff's to see: read only for the requests the caller manages.
  const managed = rows.filter(
    (row) => row.request_status === 'open' && authorize(actor, 'request.manage', workItemTarget(row)),
  );
  const liveLinks = await readLiveLinks(
    context.db,
    managed.map((row) => row.request_id),
    now,
  );
  const firmsWithLinks = new Set<number>();
  for (const firmId of new Set(managed.map((row) => row.firm_id)))
    if (await readRequestLinksEnabled(context.db, firmId)) firmsWithLinks.add(firmId);
  const links = { appKey: context.appKey, now, today: todayOf(context) };
  return rows.map((row) => presentRequest(row, { items, files, links: liveLinks, firmsWithLinks }, actor, links));
}

/** `GET /api/requests/{id}`. */
export async function readRequest(context: AppContext, actor: Actor, requestId: number): Promise<DocumentRequest> {
  const row = await findReachableRequest(context, actor, requestId);
  return (await presentRows(context, actor, [row]))[0] as DocumentRequest;
}

/** A work item's requests for its page (`GET /api/work/{id}`), newest first; none for a caller who may not see them. */
export async function readRequestsOfWork(
  context: AppContext,
  actor: Actor,
  work: Parameters<typeof workItemTarget>[0] & { id: number },
): Promise<DocumentRequest[]> {
  if (!authorize(actor, 'request.view', workItemTarget(work))) return [];
  return presentRows(context, actor, await listRequestsOfWork(context.db, work.id));
}

/**
 * `GET /api/requests`: a page of the requests of the caller's work in one status (open by default),
 * earliest needed first: a client's own (its dashboard's "What we need from you"), staff those of the
 * work they see.
 */
export async function listRequests(
  context: AppContext,
  actor: Actor,
  query: RequestListQuery,
): Promise<Paged<DocumentRequest>> {
  // Services other firms handed the caller's firm are a second part only when there are any for the caller.
  const scope = await withoutIdleDelegatedPart(context.db, clientServiceScopeFor(actor, 'request.view'));
  const parts = requestScopeParts(scope);
  const filters = { status: query.status, clientId: query.client_id };
  const page = await readPage(
    query,
    () => countRequests(context.db, parts, filters),
    (offset, limit) => listRequestRows(context.db, parts, filters, { offset, limit }),
    (row: RequestRow) => row,
  );
  return { ...page, data: await presentRows(context, actor, page.data) };
}

/**
 * The requests part of a work item's answer (work's `readRequestsOfWorkItem`, provided by app.ts):
 * its requests, whether the caller may make one, and the folder its uploads land in (named after its
 * period) when the caller sees the files.
 */
export async function presentRequestsOfWorkItem(
  context: AppContext,
  actor: Actor,
  row: WorkItemRow,
  filesShown: boolean,
): Promise<WorkItemRequests> {
  const periodFolder =
    row.period && filesShown
      ? await findTopFolder(context.db, {
          clientId: row.client_id,
          serviceId: row.service_id,
          name: labelPeriod(row.period),
        })
      : undefined;
  return {
    requests: await readRequestsOfWork(context, actor, row),
    request_permissions: {
      create: isOpenStatus(row.status as WorkStatus) && authorize(actor, 'request.manage', workItemTarget(row)),
    },
    period_folder_id: periodFolder?.id ?? null,
  };
}
