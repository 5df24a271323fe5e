import { ROLE_ID } from '@portal/contract/roles';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { updatesAnyRow } from '../../db/updated-rows.js';

/** The MPCs of firms waiting for approval, oldest first, after `after` (keyset on the partial index, migration 0027). */
export function listPendingFirmOwners(db: Kysely<DB>, page: { after: number | undefined; limit: number }) {
  let query = db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'firm_name', 'email', 'mobile_number', 'status', 'created_at'])
    .where('firm_approval', '=', 'pending');
  if (page.after !== undefined) query = query.where('id', '>', page.after);
  return query.orderBy('firm_approval').orderBy('id').limit(page.limit).execute();
}

export type PendingFirmOwnerRow = Awaited<ReturnType<typeof listPendingFirmOwners>>[number];

/** The owner of a firm waiting for approval, or undefined (not an MPC, not waiting). */
export function findPendingFirmOwner(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'email', 'firm_approval'])
    .where('id', '=', id)
    .where('role_id', '=', ROLE_ID.mpc)
    .where('firm_approval', 'is not', null)
    .executeTakeFirst();
}

/**
 * Settles a waiting firm: approved (null) or rejected with its account disabled. Only while it still
 * waits, so two admins deciding at once settle it once; answers whether this call did.
 */
export function settleFirmApproval(
  db: Kysely<DB>,
  id: number,
  decision: 'approved' | 'rejected',
  now: string,
): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('users')
      .set(
        decision === 'approved'
          ? { firm_approval: null, updated_at: now }
          : { firm_approval: 'rejected', status_before_disable: null, status: 'deactivated', updated_at: now },
      )
      .where('id', '=', id)
      .where('firm_approval', '=', 'pending'),
  );
}
