import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { UserScope } from '../../policy/user-scope.js';
import { type UserRow, userScopeCondition } from './users.repository.js';

export type UserListFilters = { roleId: number; name?: string; serviceId?: number; mobileNumber?: string };

// User text goes into LIKE patterns: its own % and _ must match literally.
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function filteredUsers(db: Kysely<DB>, scope: UserScope, filters: UserListFilters) {
  let query = db
    .selectFrom('users')
    .where((eb) => userScopeCondition(eb, scope))
    .where('users.role_id', '=', filters.roleId);
  if (filters.name) {
    const pattern = likePattern(filters.name);
    query = query.where(sql<boolean>`lower(users.first_name || ' ' || users.last_name) like ${pattern} escape '\\'`);
  }
  if (filters.mobileNumber) {
    query = query.where(sql<boolean>`users.mobile_number like ${likePattern(filters.mobileNumber)} escape '\\'`);
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

/** Newest first, id breaking ties, so pages never overlap. */
export function listUsersPage(
  db: Kysely<DB>,
  scope: UserScope,
  filters: UserListFilters,
  offset: number,
  limit: number,
): Promise<UserRow[]> {
  return filteredUsers(db, scope, filters)
    .innerJoin('roles', 'roles.role_id', 'users.role_id')
    .selectAll('users')
    .select('roles.name as role_name')
    .orderBy('users.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Users of one role for a dropdown: everyone not disabled, by name. */
export function listUserOptions(db: Kysely<DB>, scope: UserScope, roleId: number) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.username'])
    .where((eb) => userScopeCondition(eb, scope))
    .where('users.role_id', '=', roleId)
    .where('users.status', '!=', 'deactivated')
    .orderBy('users.first_name')
    .orderBy('users.last_name')
    .orderBy('users.id')
    .limit(1000)
    .execute();
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
