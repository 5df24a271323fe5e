import type { UserListOrder, UserListSort } from '@portal/contract/users';
import { type Expression, type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import { countRows } from '../../db/count-rows.js';
import type { DialectName } from '../../db/database.js';
import { dialectOf } from '../../db/dialect-of.js';
import type { DB } from '../../db/schema.js';
import { matchingIds } from '../../db/search-index.js';
import {
  type AssignmentReading,
  countUsersInReach,
  hasAssignmentBranch,
  userScopeCondition,
} from '../../policy/user-reach.js';
import type { UserScope } from '../../policy/user-scope.js';
import { countFirmUsersByRole, countFirmUsersOfRole } from './user-role-counts.repository.js';
import { containsPattern, readIndexedSearch, readMobileTerm, readSearchTerm } from './user-search.js';
import { firmWideRoleOf, USER_LIST_COLUMNS, type UserListRow } from './users.repository.js';

export type UserListFilters = {
  roleId: number;
  name?: string;
  serviceId?: number;
  mobileNumber?: string;
  /** One box: name, email, username, mobile (however typed), PAN, GSTIN. */
  search?: string;
};

type UserListOrdering = { sort?: UserListSort; order?: UserListOrder };

const contains = (column: Expression<unknown>, text: string) =>
  sql<boolean>`${column} like ${containsPattern(text)} escape '\\'`;

/**
 * Any of the searched columns contains the term, each compared in the form it is stored in. On SQLite
 * through `users_search` within the caller's firm (migration 0063); on PostgreSQL the same LIKEs read the
 * trigram index of those expressions. The scope still applies on top: the index only narrows.
 */
function searchCondition(eb: ExpressionBuilder<DB, 'users'>, input: string, scope: UserScope, dialect: DialectName) {
  const term = readSearchTerm(input);
  const indexed = dialect === 'sqlite' ? readIndexedSearch(term) : null;
  if (indexed) return eb('users.id', 'in', sql<number>`(${matchingIds('users_search', indexed, scope.withinFirm)})`);
  const matches = [
    contains(sql`lower(users.first_name || ' ' || users.last_name)`, term.text),
    contains(sql`lower(users.email)`, term.text),
    contains(sql`lower(users.username)`, term.text),
  ];
  if (term.taxId) {
    matches.push(contains(sql.ref('users.pan_number'), term.taxId), contains(sql.ref('users.gst_number'), term.taxId));
  }
  if (term.mobile) matches.push(contains(sql.ref('users.mobile_number'), term.mobile));
  return eb.or(matches);
}

function filteredUsers(db: Kysely<DB>, scope: UserScope, filters: UserListFilters, reading: AssignmentReading = 'set') {
  let query = db
    .selectFrom('users')
    .where((eb) => userScopeCondition(eb, scope, filters.roleId, reading))
    .where('users.role_id', '=', filters.roleId);
  if (filters.name) {
    query = query.where(contains(sql`lower(users.first_name || ' ' || users.last_name)`, filters.name.toLowerCase()));
  }
  if (filters.mobileNumber) {
    const mobile = readMobileTerm(filters.mobileNumber) ?? filters.mobileNumber;
    query = query.where(contains(sql.ref('users.mobile_number'), mobile));
  }
  if (filters.search) {
    const search = filters.search;
    const dialect = dialectOf(db as unknown as Kysely<unknown>);
    query = query.where((eb) => searchCondition(eb, search, scope, dialect));
  }
  if (filters.serviceId !== undefined) {
    const serviceId = filters.serviceId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_services')
          .select('user_services.user_id')
          .whereRef('user_services.user_id', '=', 'users.id')
          .where('user_services.service_id', '=', serviceId),
      ),
    );
  }
  return query;
}

export async function countUsers(db: Kysely<DB>, scope: UserScope, filters: UserListFilters): Promise<number> {
  const firmId = firmWideRoleOf(scope, filters.roleId);
  if (firmId !== undefined && isUnfiltered(filters)) return countFirmUsersOfRole(db, firmId, filters.roleId);
  // A PC's or an executor's clients: counted in parts, the handled ones from the assignments' index.
  if (isUnfiltered(filters) && hasAssignmentBranch(scope, filters.roleId))
    return countUsersInReach(db, scope, filters.roleId);
  return countRows(filteredUsers(db, scope, filters));
}

type PageQuery = ReturnType<typeof filteredUsers>;

/** Newest first unless asked otherwise; the id breaks ties, so pages never overlap. */
function directionOf(ordering: UserListOrdering): { sort: UserListSort; direction: UserListOrder } {
  const sort = ordering.sort ?? 'created_at';
  return { sort, direction: ordering.order ?? (sort === 'name' ? 'asc' : 'desc') };
}

/** A page's columns in its order: one of the indexes of migration 0008. */
function selectPage(query: PageQuery, sort: UserListSort, direction: UserListOrder) {
  const selected = query
    .innerJoin('roles', 'roles.role_id', 'users.role_id')
    .select(USER_LIST_COLUMNS)
    .select('roles.name as role_name');
  const ordered =
    sort === 'name'
      ? selected.orderBy(sql`lower(users.first_name)`, direction).orderBy(sql`lower(users.last_name)`, direction)
      : selected.orderBy('users.created_at', direction);
  return ordered.orderBy('users.id', direction);
}

const SORTS: UserListSort[] = ['created_at', 'name'];
const DIRECTIONS: UserListOrder[] = ['asc', 'desc'];

/**
 * The page most opened, one role of a whole firm with no filter (an MPC's clients, PCs, executors):
 * compiled once per order (db/compiled-once.ts), since building it again cost more CPU than SQLite
 * spent reading it. The same SQL as the general path below would build.
 */
const FIRM_PAGES = new Map(
  SORTS.flatMap((sort) =>
    DIRECTIONS.map((direction) => [
      `${sort} ${direction}`,
      compiledOnce(4, (db, firmId: number, roleId: number, limit: number, offset: number) =>
        selectPage(
          db.selectFrom('users').where('users.firm_id', '=', firmId).where('users.role_id', '=', roleId),
          sort,
          direction,
        )
          .limit(limit)
          .offset(offset),
      ),
    ]),
  ),
);

const isUnfiltered = (filters: UserListFilters) =>
  !filters.name && !filters.mobileNumber && !filters.search && filters.serviceId === undefined;

/**
 * A page of users in scope: date added or case-insensitive first then last name, either way, each
 * read in index order (migration 0008), never sorted.
 */
export function listUsersPage(
  db: Kysely<DB>,
  scope: UserScope,
  page: { filters: UserListFilters; ordering: UserListOrdering; offset: number; limit: number },
): Promise<UserListRow[]> {
  const { sort, direction } = directionOf(page.ordering);
  const firmId = firmWideRoleOf(scope, page.filters.roleId);
  const compiled = FIRM_PAGES.get(`${sort} ${direction}`);
  if (firmId !== undefined && isUnfiltered(page.filters) && compiled)
    return compiled(db, firmId, page.filters.roleId, page.limit, page.offset);
  // Read in index order until the page is full, each row's assignment probed, never the whole set first.
  return selectPage(filteredUsers(db, scope, page.filters, 'probe'), sort, direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Users of one role for a dropdown: everyone not disabled, by name. */
export function listUserOptions(db: Kysely<DB>, scope: UserScope, roleId: number) {
  return (
    db
      .selectFrom('users')
      .select(['users.id', 'users.first_name', 'users.last_name', 'users.username'])
      .where((eb) => userScopeCondition(eb, scope, roleId))
      .where('users.role_id', '=', roleId)
      .where('users.status', '!=', 'deactivated')
      // The name index's order (migration 0008), so the firm's rows are read in order, not sorted.
      .orderBy(sql`lower(users.first_name)`)
      .orderBy(sql`lower(users.last_name)`)
      .orderBy('users.id')
      .limit(1000)
      .execute()
  );
}

/** Users per role in a scope, in one grouped query. */
export async function countUsersByRole(db: Kysely<DB>, scope: UserScope): Promise<Map<number, number>> {
  // A firm's own counts when the scope is the whole firm for each of its roles (an MPC's dashboard).
  const firmIds = new Set(scope.roleIds.map((roleId) => firmWideRoleOf(scope, roleId)));
  const [firmId] = firmIds;
  if (firmIds.size === 1 && firmId !== undefined) return countFirmUsersByRole(db, firmId, scope.roleIds);
  const rows = await db
    .selectFrom('users')
    .select(['users.role_id', (eb) => eb.fn.countAll<number>().as('total')])
    .where((eb) => userScopeCondition(eb, scope))
    .groupBy('users.role_id')
    .execute();
  return new Map(rows.map((row) => [row.role_id, Number(row.total)]));
}

/** What an export row holds beyond a list row: the rest of the form's fields and the sealed sub-form. */
const EXPORT_COLUMNS = [
  ...USER_LIST_COLUMNS,
  'users.alternate_mobile_number',
  'users.alternate_email_id',
  'users.address',
  'users.pincode',
  'users.city',
  'users.state',
  'users.country',
  'users.tan_number',
  'users.qualification',
  'users.practice_since',
  'users.additional_data',
] as const;

/** Where the last batch of an export ended, in the list's order. */
export type ExportKey = { createdAt: string; firstName: string; lastName: string; id: number };

/**
 * A batch of an export: the list's filters and order, read after `after` by keyset (never an offset,
 * which would read every earlier row again), through the same order indexes as a page of the list.
 */
export function listUsersForExport(
  db: Kysely<DB>,
  scope: UserScope,
  batch: { filters: UserListFilters; ordering: UserListOrdering; after?: ExportKey; limit: number },
) {
  const { sort, direction } = directionOf(batch.ordering);
  const compare = sql.raw(direction === 'asc' ? '>' : '<');
  const after = batch.after;
  let query = filteredUsers(db, scope, batch.filters)
    .select(EXPORT_COLUMNS)
    .select([
      sql<string>`lower(users.first_name)`.as('sort_first'),
      sql<string>`lower(users.last_name)`.as('sort_last'),
    ]);
  const orEqual = sql.raw(direction === 'asc' ? '>=' : '<=');
  // The row value picks the exact place; the bound on the first column alone lets every dialect start
  // its index range there (SQLite does not range over an expression index by a row value).
  if (sort === 'name') {
    if (after)
      query = query
        .where(sql<boolean>`lower(users.first_name) ${orEqual} ${after.firstName}`)
        .where(
          sql<boolean>`(lower(users.first_name), lower(users.last_name), users.id) ${compare} (${after.firstName}, ${after.lastName}, ${after.id})`,
        );
    query = query.orderBy(sql`lower(users.first_name)`, direction).orderBy(sql`lower(users.last_name)`, direction);
  } else {
    if (after)
      query = query
        .where(sql<boolean>`users.created_at ${orEqual} ${after.createdAt}`)
        .where(sql<boolean>`(users.created_at, users.id) ${compare} (${after.createdAt}, ${after.id})`);
    query = query.orderBy('users.created_at', direction);
  }
  return query.orderBy('users.id', direction).limit(batch.limit).execute();
}

export type UserExportRow = Awaited<ReturnType<typeof listUsersForExport>>[number];
