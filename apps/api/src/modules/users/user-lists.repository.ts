import type { UserListOrder, UserListSort } from '@portal/contract/users';
import { type Expression, type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { UserScope } from '../../policy/user-scope.js';
import { containsPattern, readMobileTerm, readSearchTerm } from './user-search.js';
import { USER_LIST_COLUMNS, type UserListRow, userScopeCondition } from './users.repository.js';

export type UserListFilters = {
  roleId: number;
  name?: string;
  serviceId?: number;
  mobileNumber?: string;
  /** One box: name, email, username, mobile (however typed), PAN, GSTIN. */
  search?: string;
};

export type UserListOrdering = { sort?: UserListSort; order?: UserListOrder };

const contains = (column: Expression<unknown>, text: string) =>
  sql<boolean>`${column} like ${containsPattern(text)} escape '\\'`;

/** Any of the searched columns contains the term, each compared in the form it is stored in. */
function searchCondition(eb: ExpressionBuilder<DB, 'users'>, input: string) {
  const term = readSearchTerm(input);
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

function filteredUsers(db: Kysely<DB>, scope: UserScope, filters: UserListFilters) {
  let query = db
    .selectFrom('users')
    .where((eb) => userScopeCondition(eb, scope, filters.roleId))
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
    query = query.where((eb) => searchCondition(eb, search));
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
  const row = await filteredUsers(db, scope, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Newest first unless asked otherwise (date added, then id, as the ids have always run); by name:
 * case-insensitive first then last name. The id breaks ties, so pages never overlap. Each order is
 * one of the indexes of migration 0008.
 */
export function listUsersPage(
  db: Kysely<DB>,
  scope: UserScope,
  page: { filters: UserListFilters; ordering: UserListOrdering; offset: number; limit: number },
): Promise<UserListRow[]> {
  const { sort = 'created_at', order } = page.ordering;
  const direction = order ?? (sort === 'name' ? 'asc' : 'desc');
  let query = filteredUsers(db, scope, page.filters)
    .innerJoin('roles', 'roles.role_id', 'users.role_id')
    .select(USER_LIST_COLUMNS)
    .select('roles.name as role_name');
  query =
    sort === 'name'
      ? query.orderBy(sql`lower(users.first_name)`, direction).orderBy(sql`lower(users.last_name)`, direction)
      : query.orderBy('users.created_at', direction);
  return query.orderBy('users.id', direction).limit(page.limit).offset(page.offset).execute();
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
  const rows = await db
    .selectFrom('users')
    .select(['users.role_id', (eb) => eb.fn.countAll<number>().as('total')])
    .where((eb) => userScopeCondition(eb, scope))
    .groupBy('users.role_id')
    .execute();
  return new Map(rows.map((row) => [row.role_id, Number(row.total)]));
}
