import type { RequestStatus } from '@portal/contract/requests';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { WorkScope } from '../../policy/work-scope.js';
import { type RequestRow, selectRequests } from './requests.repository.js';

type RequestDB = DB & { request: DB['document_requests'] };
type RequestEb = ExpressionBuilder<RequestDB, 'request'>;
/** One part of a scope as a condition on the request's own columns. */
export type RequestScopePart = (eb: RequestEb) => Expression<SqlBool>;

/**
 * The caller's work scope (policy/work-scope.ts, the `request.view` rows) as conditions on the request
 * itself, which repeats its item's firm, client and service: a list reads the requests' own index range
 * (`(firm_id | client_id, status, due_date, id)`) in order and looks the few work items it shows up by
 * key, never a range of work items. Parts never overlap (the firm's, a client's own, the services
 * other firms handed an MPC), as the work list's parts (work-lists.repository.ts).
 */
export function requestScopeParts(scope: WorkScope): RequestScopePart[] {
  const parts: RequestScopePart[] = [];
  const firm = scope.withinFirm;
  if (
    firm !== undefined &&
    (scope.wholeFirm || scope.createdBy !== undefined || scope.assignedAs || scope.assigneeId !== undefined)
  ) {
    parts.push((eb) => {
      const top = eb('request.firm_id', '=', firm);
      if (scope.wholeFirm) return top;
      const branches: Expression<SqlBool>[] = [];
      if (scope.createdBy !== undefined)
        branches.push(
          eb(
            'request.client_id',
            'in',
            eb
              .selectFrom('users as own')
              .select('own.id')
              .where('own.created_by', '=', scope.createdBy)
              .where('own.firm_id', '=', firm),
          ),
        );
      if (scope.assignedAs) {
        const { column, userId } = scope.assignedAs;
        branches.push(
          eb.and([
            eb(
              'request.client_id',
              'in',
              eb
                .selectFrom('users as staffed')
                .select('staffed.id')
                .where('staffed.firm_id', '=', firm)
                .where('staffed.assign_service_type', '=', 1)
                .where(
                  'staffed.id',
                  'in',
                  eb
                    .selectFrom('service_assignments as mine')
                    .select('mine.client_id')
                    .where(`mine.${column}`, '=', userId),
                ),
            ),
            eb.exists(
              eb
                .selectFrom('service_assignments as handled')
                .select('handled.id')
                .whereRef('handled.client_id', '=', 'request.client_id')
                .whereRef('handled.service_id', '=', 'request.service_id')
                .where(`handled.${column}`, '=', userId),
            ),
          ]),
        );
      }
      if (scope.assigneeId !== undefined) {
        const assigneeId = scope.assigneeId;
        branches.push(
          eb.exists(
            eb
              .selectFrom('work_items as assigned')
              .select('assigned.id')
              .whereRef('assigned.id', '=', 'request.work_item_id')
              .where('assigned.assignee_id', '=', assigneeId),
          ),
        );
      }
      return eb.and([top, branches.length > 0 ? eb.or(branches) : sql<SqlBool>`1 = 0`]);
    });
  }
  if (scope.clientId !== undefined) {
    const clientId = scope.clientId;
    parts.push((eb) => eb('request.client_id', '=', clientId));
  }
  if (scope.delegatedMpcId !== undefined) {
    const mpcId = scope.delegatedMpcId;
    parts.push((eb) =>
      eb.and([
        eb(
          'request.client_id',
          'in',
          eb
            .selectFrom('service_assignments as shared')
            .innerJoin('users as shared_client', 'shared_client.id', 'shared.client_id')
            .select('shared.client_id')
            .where('shared.mpc_id', '=', mpcId)
            .where('shared_client.assign_service_type', '=', 0),
        ),
        eb.exists(
          eb
            .selectFrom('service_assignments as shared_service')
            .select('shared_service.id')
            .whereRef('shared_service.client_id', '=', 'request.client_id')
            .whereRef('shared_service.service_id', '=', 'request.service_id')
            .where('shared_service.mpc_id', '=', mpcId),
        ),
        ...(firm !== undefined ? [eb('request.firm_id', '!=', firm)] : []),
      ]),
    );
  }
  return parts;
}

export async function countRequests(db: Kysely<DB>, parts: RequestScopePart[], status: RequestStatus): Promise<number> {
  let total = 0;
  for (const part of parts) {
    const row = await db
      .selectFrom('document_requests as request')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where((eb) => part(eb as unknown as RequestEb))
      .where('request.status', '=', status)
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
  status: RequestStatus,
  page: { offset: number; limit: number },
): Promise<RequestRow[]> {
  const single = parts.length === 1;
  const rows: RequestRow[] = [];
  for (const part of parts) {
    const query = selectRequests(db)
      .where((eb) => part(eb as unknown as RequestEb))
      .where('request.status', '=', status)
      .orderBy('request.due_date')
      .orderBy('request.id')
      .limit(single ? page.limit : page.offset + page.limit);
    rows.push(...(await (single && page.offset > 0 ? query.offset(page.offset) : query).execute()));
  }
  if (single) return rows;
  return rows.sort(byDueDate).slice(page.offset, page.offset + page.limit);
}
