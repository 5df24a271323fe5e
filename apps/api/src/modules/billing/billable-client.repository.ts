import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { userScopeCondition } from '../../policy/user-reach.js';
import type { UserScope } from '../../policy/user-scope.js';

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
    ])
    .where('users.id', '=', userId)
    .where((eb) => userScopeCondition(eb, scope))
    .executeTakeFirst();
}
