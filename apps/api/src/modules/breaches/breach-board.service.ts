import { type BreachEntry, BREACH_MESSAGES as M } from '@portal/contract/breaches';
import { formatIndianDate, indianDateOf } from '@portal/contract/plain-dates';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failValidation } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { findVisibleBreach } from './breach-access.js';
import { insertBreachChanges, updateBreach } from './breaches.repository.js';
import { readBreach } from './breaches.service.js';

/** `POST /api/breaches/{id}/board-report`: the day the detailed report went to the Board (rule 7(2)(b)). */
export async function reportToBoard(
  context: AppContext,
  actor: Actor,
  id: number,
  input: { reported_on: string },
  ip: string,
): Promise<BreachEntry> {
  const row = await findVisibleBreach(context, actor, id, 'breach.record');
  const at = context.clock.now();
  if (input.reported_on > indianDateOf(at)) failValidation('reported_on', M.reportedOnFuture);
  if (input.reported_on < indianDateOf(new Date(row.found_at))) failValidation('reported_on', M.reportedBeforeFound);
  if (row.board_reported_on !== input.reported_on)
    await context.db.transaction().execute(async (trx) => {
      await updateBreach(trx, id, {
        board_reported_on: input.reported_on,
        board_reported_by: actor.id,
        updated_at: at.toISOString(),
      });
      await insertBreachChanges(trx, [
        {
          breach_id: id,
          field: 'board_reported_on',
          from_value: row.board_reported_on === null ? null : formatIndianDate(row.board_reported_on),
          to_value: formatIndianDate(input.reported_on),
          changed_by: actor.id,
          changed_at: at.toISOString(),
        },
      ]);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'breach.board_report',
        entityType: 'breach',
        entityId: id,
        details: { reported_on: input.reported_on },
        ip,
        at,
      });
    });
  return readBreach(context, actor, id);
}
