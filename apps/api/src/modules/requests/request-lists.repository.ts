import type { RequestStatus } from '@portal/contract/requests';
import { type Expression, type ExpressionBuilder, expressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { compiledForIds, compiledOnce } from '../../db/compiled-once.js';
import type { DB } from '../../db/schema.js';
import { type ClientServiceColumns, clientServiceReach } from '../../policy/client-service-reach.js';
import type { ClientServiceScope } from '../../policy/client-service-scope.js';
import { type RequestRow, selectRequests } from './requests.repository.js';

type RequestDB = DB & { request: DB['document_requests'] };
type RequestEb = ExpressionBuilder<RequestDB, 'request'>;
/** One part of the caller's reach as a condition on the request's own columns; `named`, `wholeFirm` as in ReachPart. */
export type RequestScopePart = ((eb: RequestEb) => Expression<SqlBool>) & { named: boolean; wholeFirm?: number };

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
  return clientServiceReach(scope, REQUEST_COLUMNS).map((part) =>
    Object.assign(() => part.condition, {
      named: part.named,
      ...(part.wholeFirm === undefined ? {} : { wholeFirm: part.wholeFirm }),
    }),
  );
}

/** A list's filters: one status, and one client's requests when named (the client's `(client_id, status, due_date, id)` range). */
export type RequestFilters = { status: RequestStatus; clientId?: number | undefined };

const matching = (filters: RequestFilters) => (eb: RequestEb) =>
  eb.and([
    eb('request.status', '=', filters.status),
    ...(filters.clientId === undefined ? [] : [eb('request.client_id', '=', filters.clientId)]),
  ]);

/**
 * The requests of a list: the whole firm's (the MPC's) one row of the counts kept by migration 0066's
 * triggers, whatever the firm holds; a client's, and any other part, counted from their index range.
 */
export async function countRequests(
  db: Kysely<DB>,
  parts: RequestScopePart[],
  filters: RequestFilters,
): Promise<number> {
  let total = 0;
  for (const part of parts) {
    if (part.wholeFirm !== undefined && filters.clientId === undefined) {
      total += await readKeptCount(db, part.wholeFirm, filters.status);
      continue;
    }
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

const selectKeptCount = compiledOnce(2, (db, firmId: number, status: RequestStatus) =>
  db.selectFrom('document_request_counts').select('total').where('firm_id', '=', firmId).where('status', '=', status),
);

async function readKeptCount(db: Kysely<DB>, firmId: number, status: RequestStatus): Promise<number> {
  const [row] = await selectKeptCount(db, firmId, status);
  return Number(row?.total ?? 0);
}

type PageKey = { id: number; due_date: string };

const byDueDate = (a: PageKey, b: PageKey) =>
  a.due_date === b.due_date ? a.id - b.id : a.due_date < b.due_date ? -1 : 1;

/**
 * The keys of a page, earliest needed first: each part read from the requests' own index range
 * (`(firm_id | client_id, status, due_date, id)`) up to the page's end, then merged. Only the index's
 * columns are read while skipping to a deep page: the work item, client and names of the rows skipped
 * are never looked up.
 */
async function listPageKeys(
  db: Kysely<DB>,
  parts: RequestScopePart[],
  filters: RequestFilters,
  page: { offset: number; limit: number },
): Promise<PageKey[]> {
  // One part read in order: its page is the database's offset; otherwise the parts are merged here.
  const single = parts.length === 1 && !parts[0]?.named;
  const keys: PageKey[] = [];
  for (const part of parts) {
    const query = db
      .selectFrom('document_requests as request')
      .select(['request.id', 'request.due_date'])
      .where((eb) => part(eb as unknown as RequestEb))
      .where((eb) => matching(filters)(eb as unknown as RequestEb));
    // The named clients' requests are read whole, client by client through their index, and put in
    // order here: no database reads several clients' ranges in one order without sorting them.
    if (part.named) {
      keys.push(...(await query.execute()));
      continue;
    }
    const ordered = query
      .orderBy('request.due_date')
      .orderBy('request.id')
      .limit(single ? page.limit : page.offset + page.limit);
    keys.push(...(await (single && page.offset > 0 ? ordered.offset(page.offset) : ordered).execute()));
  }
  if (single) return keys;
  return keys.sort(byDueDate).slice(page.offset, page.offset + page.limit);
}

/**
 * Requests by key alone, built and compiled once per length of the list (compiledForIds). With the
 * status in the SQL too, SQLite (no statistics) read the status index `document_requests_reminder_index`,
 * every firm's open requests, rather than the page's 20 keys: most of the page's cost (issue 26).
 */
const readRequestsByKey = compiledForIds((db, ids) => selectRequests(db).where('request.id', 'in', ids));

/**
 * A page of requests, earliest needed first: its keys from the index (above), then its rows with their
 * work items by primary key, a page's handful put in order here.
 */
export async function listRequests(
  db: Kysely<DB>,
  parts: RequestScopePart[],
  filters: RequestFilters,
  page: { offset: number; limit: number },
): Promise<RequestRow[]> {
  const keys = await listPageKeys(db, parts, filters, page);
  if (keys.length === 0) return [];
  const rows = await readRequestsByKey(
    db,
    keys.map((key) => key.id),
  );
  const place = new Map(keys.map((key, index) => [key.id, index]));
  return (
    rows
      // Still in the status listed: one closed between the two reads is left out, as it would be a moment later.
      .filter((row) => row.request_status === filters.status)
      .sort((a, b) => (place.get(a.request_id) ?? 0) - (place.get(b.request_id) ?? 0))
  );
}
