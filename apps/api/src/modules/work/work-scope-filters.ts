import { ROLE_ID } from '@portal/contract/roles';
import { isOpenStatus, OPEN_WORK_STATUSES, WORK_STATUSES, type WorkStatus } from '@portal/contract/work';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { type ClientServiceColumns, clientServiceReach, type ReachPart } from '../../policy/client-service-reach.js';
import type { ClientServiceScope } from '../../policy/client-service-scope.js';
import { containsPattern } from '../users/user-search.js';
import { matchesEither, readWorkSearchArms, type WorkSearchArms } from './work-search.js';

/** The caller's reach over work items as SQL parts, and a list's filters as conditions on them. */

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

export type WorkEb = ExpressionBuilder<DB, 'work_items'>;
const CLOSED_STATUS_COUNT = WORK_STATUSES.length - OPEN_WORK_STATUSES.length;
type Condition = Expression<SqlBool>;
/**
 * One part of the caller's reach as SQL (policy/client-service-reach.ts), and how the part's items are
 * searched by title or client name (a search reads the part's own clients, never every user's name).
 */
export type ScopePart = ((eb: WorkEb) => Condition) & {
  searched: (eb: WorkEb, q: string) => Condition;
  /** The firm's own items: a term of three characters or more is read through the indexes (work-search.ts). */
  searchArms?: (q: string) => WorkSearchArms | null;
  /** The firm whose every item the part is (the MPC's): its counts are kept (work-counts.repository.ts). */
  wholeFirm?: number;
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

/** The caller's reach over work items, each part with its own way of searching its items. */
export function scopeParts(scope: ClientServiceScope, dialect: DialectName): ScopePart[] {
  return clientServiceReach(scope, WORK_ITEM_COLUMNS).map((part) =>
    Object.assign((_eb: WorkEb) => part.condition, {
      searched: searchedFor(part.kind, scope, dialect),
      ...(part.kind === 'firm'
        ? { searchArms: (q: string) => readWorkSearchArms(q, scope.withinFirm ?? -1, dialect) }
        : {}),
      ...(part.wholeFirm !== undefined ? { wholeFirm: part.wholeFirm } : {}),
      named: part.named,
    }),
  );
}

/**
 * A search of the firm's own items by a term of three characters or more goes through the indexes: titles
 * in `work_items_search` (SQLite) or `work_items_title_search_index` (PostgreSQL), client names in
 * `users_search` or `users_search_index` (work-search.ts). Shorter terms and the other parts, which hold a
 * client or a few handed ones, compare with LIKE (docs/decisions/0048-search-indexes.md, 0053).
 */
function searchedFor(kind: ReachPart['kind'], scope: ClientServiceScope, dialect: DialectName) {
  const clientsNamed = clientsNamedFor(kind, scope);
  return (eb: WorkEb, q: string): Condition => {
    const arms = kind === 'firm' ? readWorkSearchArms(q, scope.withinFirm ?? -1, dialect) : null;
    if (arms) return matchesEither(eb, arms);
    const pattern = containsPattern(q.toLowerCase());
    return eb.or([sql<boolean>`lower(work_items.title) like ${pattern} escape '\\'`, clientsNamed(eb, pattern)]);
  };
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
  if (filters.q) conditions.push(part.searched(eb, filters.q));
  return eb.and(conditions);
}

/** The part and its filters but the search, which the arms of a search read themselves. */
export const narrowOf = (part: ScopePart, filters: WorkFilters) => {
  const { q: _searched, ...others } = filters;
  return (eb: WorkEb) => eb.and([part(eb), filterConditions(eb, others, part)]);
};
