import { ROLE_ID } from '@portal/contract/roles';
import { isOpenStatus, OPEN_WORK_STATUSES, WORK_STATUSES, type WorkStatus } from '@portal/contract/work';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { WorkScope } from '../../policy/work-scope.js';
import { containsPattern } from '../users/user-search.js';
import { selectWorkItems, type WorkItemRow } from './work-item-query.js';

export type WorkFilters = {
  statuses?: WorkStatus[];
  serviceId?: number;
  clientId?: number;
  assignee?: number | 'none';
  dueFrom?: string;
  dueTo?: string;
  /** Open items due before this date (today in India). */
  overdueBefore?: string;
  q?: string;
};

type WorkEb = ExpressionBuilder<DB, 'work_items'>;
const CLOSED_STATUS_COUNT = WORK_STATUSES.length - OPEN_WORK_STATUSES.length;
type Condition = ReturnType<WorkEb['and']>;
/**
 * One part of a scope as SQL: a condition on `work_items`, and how the part's clients are found by name
 * (a search reads the part's own clients, never every user's name).
 */
export type ScopePart = ((eb: WorkEb) => Condition) & { clientsNamed?: (eb: WorkEb, pattern: string) => Condition };

const nameLike = (alias: 'named', pattern: string) =>
  sql<boolean>`lower(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}) like ${pattern} escape '\\'`;

/**
 * A scope as SQL parts whose rows never overlap: the actor's firm (its rows one index range, the firm
 * first), a client's own items, and the services other firms handed to an MPC. A list reads each part
 * in index order and merges them, rather than one OR the database would have to sort.
 */
export function scopeParts(scope: WorkScope): ScopePart[] {
  const parts: ScopePart[] = [];
  const firm = scope.withinFirm;
  if (firm !== undefined) {
    const inFirm: ScopePart = (eb) => {
      const branches = [];
      if (scope.createdBy !== undefined)
        branches.push(
          eb(
            'work_items.client_id',
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
            // Clients in PC/Executor mode among the few this person handles: read once, not per item.
            eb(
              'work_items.client_id',
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
            // And the item's own service is the one handled (the unique (client, service) index).
            eb.exists(
              eb
                .selectFrom('service_assignments as handled')
                .select('handled.id')
                .whereRef('handled.client_id', '=', 'work_items.client_id')
                .whereRef('handled.service_id', '=', 'work_items.service_id')
                .where(`handled.${column}`, '=', userId),
            ),
          ]),
        );
      }
      if (scope.assigneeId !== undefined) branches.push(eb('work_items.assignee_id', '=', scope.assigneeId));
      const top = eb('work_items.firm_id', '=', firm);
      if (scope.wholeFirm) return eb.and([top]);
      return eb.and([top, branches.length > 0 ? eb.or(branches) : sql<boolean>`1 = 0`]);
    };
    const firmClientsNamed = (eb: WorkEb, pattern: string) =>
      eb.and([
        eb(
          'work_items.client_id',
          'in',
          eb
            .selectFrom('users as named')
            .select('named.id')
            .where('named.firm_id', '=', firm)
            .where('named.role_id', '=', ROLE_ID.client)
            .where(nameLike('named', pattern)),
        ),
      ]);
    if (scope.wholeFirm || scope.createdBy !== undefined || scope.assignedAs || scope.assigneeId !== undefined)
      parts.push(Object.assign(inFirm, { clientsNamed: firmClientsNamed }));
  }
  if (scope.clientId !== undefined) {
    const clientId = scope.clientId;
    parts.push(
      Object.assign((eb: WorkEb) => eb.and([eb('work_items.client_id', '=', clientId)]), {
        clientsNamed: (eb: WorkEb, pattern: string) =>
          eb.and([
            eb(
              'work_items.client_id',
              'in',
              eb
                .selectFrom('users as named')
                .select('named.id')
                .where('named.id', '=', clientId)
                .where(nameLike('named', pattern)),
            ),
          ]),
      }),
    );
  }
  if (scope.delegatedMpcId !== undefined) {
    const mpcId = scope.delegatedMpcId;
    const delegated = (eb: WorkEb) =>
      eb.and([
        // The handful of clients handed to this MPC, read through the assignments' index first.
        eb(
          'work_items.client_id',
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
            .whereRef('shared_service.client_id', '=', 'work_items.client_id')
            .whereRef('shared_service.service_id', '=', 'work_items.service_id')
            .where('shared_service.mpc_id', '=', mpcId),
        ),
        ...(firm !== undefined ? [eb('work_items.firm_id', '!=', firm)] : []),
      ]);
    const delegatedClientsNamed = (eb: WorkEb, pattern: string) =>
      eb.and([
        eb(
          'work_items.client_id',
          'in',
          eb
            .selectFrom('service_assignments as shared_named')
            .innerJoin('users as named', 'named.id', 'shared_named.client_id')
            .select('named.id')
            .where('shared_named.mpc_id', '=', mpcId)
            .where(nameLike('named', pattern)),
        ),
      ]);
    parts.push(Object.assign(delegated, { clientsNamed: delegatedClientsNamed }));
  }
  return parts;
}

/** The filters as conditions; open or closed statuses go through `is_open`, which the indexes hold. */
export function filterConditions(eb: WorkEb, filters: WorkFilters, part: ScopePart) {
  const conditions = [];
  const statuses = filters.statuses;
  if (statuses && statuses.length === 1) conditions.push(eb('work_items.status', '=', statuses[0] as string));
  else if (statuses && statuses.length > 1) {
    const chosen = new Set(statuses);
    const open = [...chosen].filter(isOpenStatus).length;
    if (open === chosen.size || open === 0) conditions.push(eb('work_items.is_open', '=', open > 0 ? 1 : 0));
    // Every open (or every closed) status is `is_open` alone.
    const whole = open === chosen.size ? OPEN_WORK_STATUSES.length : open === 0 ? CLOSED_STATUS_COUNT : -1;
    if (chosen.size !== whole) conditions.push(eb('work_items.status', 'in', [...chosen]));
  }
  if (filters.serviceId !== undefined) conditions.push(eb('work_items.service_id', '=', filters.serviceId));
  if (filters.clientId !== undefined) conditions.push(eb('work_items.client_id', '=', filters.clientId));
  if (filters.assignee === 'none') conditions.push(eb('work_items.assignee_id', 'is', null));
  else if (filters.assignee !== undefined) conditions.push(eb('work_items.assignee_id', '=', filters.assignee));
  if (filters.dueFrom) conditions.push(eb('work_items.due_date', '>=', filters.dueFrom));
  if (filters.dueTo) conditions.push(eb('work_items.due_date', '<=', filters.dueTo));
  if (filters.overdueBefore)
    conditions.push(eb('work_items.is_open', '=', 1), eb('work_items.due_date', '<', filters.overdueBefore));
  if (filters.q) {
    const pattern = containsPattern(filters.q.toLowerCase());
    conditions.push(
      eb.or([
        sql<boolean>`lower(work_items.title) like ${pattern} escape '\\'`,
        ...(part.clientsNamed ? [part.clientsNamed(eb, pattern)] : []),
      ]),
    );
  }
  return eb.and(conditions);
}

function filtered(db: Kysely<DB>, part: ScopePart, filters: WorkFilters) {
  return selectWorkItems(db)
    .where((eb) => part(eb as unknown as WorkEb))
    .where((eb) => filterConditions(eb as unknown as WorkEb, filters, part));
}

export async function countWork(db: Kysely<DB>, parts: ScopePart[], filters: WorkFilters): Promise<number> {
  let total = 0;
  for (const part of parts) {
    const row = await db
      .selectFrom('work_items')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where((eb) => part(eb))
      .where((eb) => filterConditions(eb, filters, part))
      .executeTakeFirstOrThrow();
    total += Number(row.total);
  }
  return total;
}

export type WorkCursor = { dueDate: string; id: number };
export type WorkRead = { direction: 'asc' | 'desc'; limit: number; offset?: number; after?: WorkCursor };

const compare = (direction: 'asc' | 'desc') => (a: WorkItemRow, b: WorkItemRow) => {
  const order = a.due_date === b.due_date ? a.id - b.id : a.due_date < b.due_date ? -1 : 1;
  return direction === 'asc' ? order : -order;
};

/**
 * Items by due date (then id), a page at an offset or the rows after a cursor (the export). Each part
 * of the scope is read in index order, up to the rows the page needs, and the parts are merged.
 */
export async function listWork(
  db: Kysely<DB>,
  parts: ScopePart[],
  filters: WorkFilters,
  read: WorkRead,
): Promise<WorkItemRow[]> {
  const offset = read.offset ?? 0;
  const single = parts.length === 1;
  const rows: WorkItemRow[] = [];
  for (const part of parts) {
    let query = filtered(db, part, filters);
    if (read.after) {
      const { dueDate, id } = read.after;
      const beyond = read.direction === 'asc' ? '>' : '<';
      query = query.where((eb) =>
        eb.or([
          eb('work_items.due_date', beyond, dueDate),
          eb.and([eb('work_items.due_date', '=', dueDate), eb('work_items.id', beyond, id)]),
        ]),
      );
    }
    query = query
      .orderBy('work_items.due_date', read.direction)
      .orderBy('work_items.id', read.direction)
      .limit(single ? read.limit : offset + read.limit);
    rows.push(...(await (single && offset > 0 ? query.offset(offset) : query).execute()));
  }
  if (single) return rows;
  return rows.sort(compare(read.direction)).slice(offset, offset + read.limit);
}
