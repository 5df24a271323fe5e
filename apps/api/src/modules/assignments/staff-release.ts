import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { recordAudit } from '../audit/audit.service.js';
import { type ServiceHandlers, setAssignee } from '../client-services/client-services.service.js';

/**
 * A client service handed to another firm's MPC: the first firm's PC and executor leave it (they would
 * otherwise keep its work), each departure in the activity log as that assignment set to nobody.
 */
export async function releaseFirmStaff(
  trx: Kysely<DB>,
  before: ServiceHandlers | undefined,
  change: { clientId: number; serviceId: number; actorId: number; ip: string; at: Date },
): Promise<void> {
  const leaving = [
    ['pc_id', 'assignment.pc'],
    ['executor_id', 'assignment.executor'],
  ] as const;
  for (const [column, action] of leaving) {
    const leaverId = before?.[column] ?? null;
    if (leaverId === null) continue;
    const { clientId, serviceId, actorId, ip, at } = change;
    await setAssignee(trx, { clientId, serviceId, column, userId: null, now: at.toISOString() });
    await recordAudit(trx, {
      actorId,
      action,
      entityType: 'user',
      entityId: clientId,
      ip,
      at,
      details: { service_id: serviceId, assignee_id: null, released_id: leaverId, reason: 'handed_to_other_firm' },
    });
  }
}
