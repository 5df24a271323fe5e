import { ROLE_ID } from '@portal/contract/roles';
import { isOpenStatus, OPEN_WORK_STATUSES, WORK_STATUSES, type WorkStatus } from '@portal/contract/work';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { isAfterCursor } from '../../db/keyset-cursor.js';
import type { DB } from '../../db/schema.js';
import { type ClientServiceColumns, clientServiceReach, type ReachPart } from '../../policy/client-service-reach.js';
import type { ClientServiceScope } from '../../policy/client-service-scope.js';
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
type Condition = Expression<SqlBool>;
/**
 * One part of the caller's reach as SQL (policy/client-service-reach.ts), and how the part's clients
 * are found by name (a search reads the part's own clients, never every user's name).
 */
export type ScopePart = ((eb: WorkEb) => Condition) & {
  clientsNamed: (eb: WorkEb, pattern: string) => Condition;
  /** Its few clients are named in the SQL (ReachPart): read whole, client by client, and put in order here. */
  named: boolean;
};

const nameLike = (alias: 'named', pattern: string) =>
  sql<SqlBool>`lower(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}) like ${pattern} escape '\\'`;

/** A work item's client service, and who it is assigned to, for the one reading of reach. */
export const WORK_ITEM_COLUMNS: ClientServiceColumns = {
  firm: sql.ref<number>('work_items.firm_id'),
  client: sql.ref<number>('work_items.client_id'),
  service: sql.ref<number>('work_items.service_id'),
  assignedTo: (userId) => sql<SqlBool>`${sql.ref('work_items.assignee_id')} = ${userId}`,
  reviewedBy: (userId) => sql<SqlBool>`${sql.ref('work_items.reviewer_id')} = ${userId}`,
};

/** The caller's reach over work items, each part with its own way of finding its clients by name. */
export function scopeParts(scope: ClientServiceScope): ScopePart[] {
  return clientServiceReach(scope, WORK_ITEM_COLUMNS).map((part) =>
    Object.assign((_eb: WorkEb) => part.condition, {
      clientsNamed: clientsNamedFor(part.kind, scope),
      named: part.named,
    }),
  );
}

function clientsNamedFor(kind: ReachPart['kind'], scope: ClientServiceScope) {
  return (eb: WorkEb, pattern: string): Condition => {
    const named =
      kind === 'firm'
        ? eb
            .selectFrom('users as named')
            .select('named.id')
            .where('named.firm_id', '=', scope.withinFirm ?? -1)
            .where('named.role_id', '=', ROLE_ID.client)
            .where(nameLike('named', pattern))
        : kind === 'own'
          ? eb
              .selectFrom('users as named')
              .select('named.id')
              .where('named.id', '=', scope.clientId ?? -1)
              .where(nameLike('named', pattern))
          : eb
              .selectFrom('service_assignments as shared_named')
              .innerJoin('users as named', 'named.id', 'shared_named.client_id')
              .select('named.id')
              .where('shared_named.mpc_id', '=', scope.delegatedMpcId ?? -1)
              .where(nameLike('named', pattern));
    return eb('work_items.client_id', 'in', named);
  };
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
      eb.or([sql<boolean>`lower(work_items.title) like ${pattern} escape '\\'`, part.clientsNamed(eb, pattern)]),
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
  const single = parts.length === 1 && !parts[0]?.named;
  const rows: WorkItemRow[] = [];
  for (const part of parts) {
    let query = filtered(db, part, filters);
    if (read.after) {
      const { dueDate, id } = read.after;
      query = query.where((eb) =>
        isAfterCursor(eb, read.direction, ['work_items.due_date', dueDate], ['work_items.id', id]),
      );
    }
    if (part.named) {
      rows.push(...(await query.execute()));
      continue;
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
