import type { AuditAction } from '@portal/contract/audit-actions';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { recordAudit } from '../audit/audit.service.js';

/** A per-person permission an MPC turns on or off for its staff (who may bill, who handles data requests). */
export type PersonGrant = {
  /** The audit event of a change. */
  action: AuditAction;
  /** Writes the person's flag; the module that owns the permission owns its writer. */
  write: (db: Kysely<DB>, userId: number, granted: boolean, at: string) => Promise<unknown>;
};

/**
 * Turns the person's permission to `granted`, with its audit event, unless it already is. The person's
 * next request already reads the new permission (its session reads it each time).
 */
export async function savePersonGrant(
  context: AppContext,
  actor: Actor,
  grant: PersonGrant,
  person: { id: number; granted: boolean },
  granted: boolean,
  ip: string,
): Promise<void> {
  if (person.granted === granted) return;
  const at = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    await grant.write(trx, person.id, granted, at.toISOString());
    await recordAudit(trx, {
      actorId: actor.id,
      action: grant.action,
      entityType: 'user',
      entityId: person.id,
      details: { granted },
      ip,
      at,
    });
  });
}
