import type { RequestStatus } from '@portal/contract/requests';
import { type Expression, type ExpressionBuilder, expressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { type ClientServiceColumns, clientServiceReach } from '../../policy/client-service-reach.js';
import type { ClientServiceScope } from '../../policy/client-service-scope.js';
import { type RequestRow, selectRequests } from './requests.repository.js';

type RequestDB = DB & { request: DB['document_requests'] };
type RequestEb = ExpressionBuilder<RequestDB, 'request'>;
/** One part of the caller's reach as a condition on the request's own columns. */
export type RequestScopePart = (eb: RequestEb) => Expression<SqlBool>;

const fromRequests = expressionBuilder<RequestDB, 'request'>();

/**
 * A request repeats its item's firm, client and service, so the one reading of reach
 * (policy/client-service-reach.ts) reads the request's own columns: a list reads the requests' own
 * index range (`(firm_id | client_id, status, due_date, id)`) in order and looks the few work items it
 * shows up by key, never a range of work items.
 */
const REQUEST_COLUMNS: ClientServiceColumns = {
  firm: sql.ref<number>('request.firm_id'),
  client: sql.ref<number>('request.client_id'),
  service: sql.ref<number>('request.service_id'),
  assignedTo: (userId) =>
    fromRequests.exists(
      fromRequests
        .selectFrom('work_items as assigned')
        .select('assigned.id')
        .whereRef('assigned.id', '=', 'request.work_item_id')
        .where('assigned.assignee_id', '=', userId),
    ),
};

export function requestScopeParts(scope: ClientServiceScope): RequestScopePart[] {
  return clientServiceReach(scope, REQUEST_COLUMNS).map((part) => () => part.condition);
}

/** A list's filters: one status, and one client's requests when named (the client's `(client_id, status, due_date, id)` range). */
export type RequestFilters = { status: RequestStatus; clientId?: number | undefined };

const matching = (filters: RequestFilters) => (eb: RequestEb) =>
  eb.and([
    eb('request.status', '=', filters.status),
    ...(filters.clientId === undefined ? [] : [eb('request.client_id', '=', filters.clientId)]),
  ]);

export async function countRequests(
  db: Kysely<DB>,
  parts: RequestScopePart[],
  filters: RequestFilters,
): Promise<number> {
  let total = 0;
  for (const part of parts) {
    const row = await db
      .selectFrom('document_requests as request')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where((eb) => part(eb as unknown as RequestEb))
      .where((eb) => matching(filters)(eb as unknown as RequestEb))
      .executeTakeFirstOrThrow();
    total += Number(row.total);
  }
  return total;
}

const byDueDate = (a: RequestRow, b: RequestRow) =>
  a.request_due_date === b.request_due_date
    ? a.request_id - b.request_id
    : a.request_due_date < b.request_due_date
      ? -1
      : 1;

/** A page of requests, earliest needed first: each part read in index order up to the page's end, then merged. */
export async function listRequests(
  db: Kysely<DB>,
  parts: RequestScopePart[],
  filters: RequestFilters,
  page: { offset: number; limit: number },
): Promise<RequestRow[]> {
  const single = parts.length === 1;
  const rows: RequestRow[] = [];
  for (const part of parts) {
    const query = selectRequests(db)
      .where((eb) => part(eb as unknown as RequestEb))
      .where((eb) => matching(filters)(eb as unknown as RequestEb))
      .orderBy('request.due_date')
      .orderBy('request.id')
      .limit(single ? page.limit : page.offset + page.limit);
    rows.push(...(await (single && page.offset > 0 ? query.offset(page.offset) : query).execute()));
  }
  if (single) return rows;
  return rows.sort(byDueDate).slice(page.offset, page.offset + page.limit);
}
