import { ROLE_ID } from '@portal/contract/roles';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { userScopeCondition } from '../../policy/user-reach.js';
import type { UserScope } from '../../policy/user-scope.js';
import { containsPattern } from '../users/user-search.js';

/** The person, if `scope` reaches it (any role), with what an invoice needs of a client. */
export function findPersonWithin(db: Kysely<DB>, userId: number, scope: UserScope) {
  return db
    .selectFrom('users')
    .select([
      'users.id',
      'users.role_id',
      'users.firm_id',
      'users.first_name',
      'users.last_name',
      'users.state',
      'users.gst_number',
      'users.billing_granted',
    ])
    .where('users.id', '=', userId)
    .where((eb) => userScopeCondition(eb, scope))
    .executeTakeFirst();
}

/** Whether the person may bill (the per-person permission); the sessions read it on each request. */
export function setBillingGranted(db: Kysely<DB>, userId: number, granted: boolean, at: string) {
  return db
    .updateTable('users')
    .set({ billing_granted: granted ? 1 : 0, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/** The clients `scope` bills, by name (or the one asked for), at most `limit`, in name order. */
export function searchClientsWithin(
  db: Kysely<DB>,
  scope: UserScope,
  filters: { q?: string; id?: number; limit: number },
) {
  let query = db
    .selectFrom('users')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.state', 'users.gst_number'])
    .where((eb) => userScopeCondition(eb, scope, ROLE_ID.client))
    .where('users.role_id', '=', ROLE_ID.client);
  // A disabled client keeps its drafts (asked for by id) but is not offered for a new invoice.
  query =
    filters.id !== undefined
      ? query.where('users.id', '=', filters.id)
      : query.where('users.status', '!=', 'deactivated');
  const typed = filters.q?.toLowerCase();
  if (typed)
    query = query.where(
      sql<boolean>`lower(users.first_name || ' ' || users.last_name) like ${containsPattern(typed)} escape '\\'`,
    );
  return query
    .orderBy('users.first_name')
    .orderBy('users.last_name')
    .orderBy('users.id')
    .limit(filters.limit)
    .execute();
}
