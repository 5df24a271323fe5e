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
