import type { FirmSettings } from '@portal/contract/requests';
import { ROLE_ID } from '@portal/contract/roles';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failForbidden } from '../../http/http-error.js';
import { authorize, firmOf, type TargetFacts } from '../../policy/authorize.js';
import { readReminderDays, saveReminderDays } from './firm-settings.repository.js';
import { onFirmSettingsChanged } from './firm-settings-hooks.js';

/** The caller's own firm, as the target of `firm.settings` (its MPC). */
function ownFirm(actor: Actor): { firmId: number } {
  const firmId = firmOf(actor);
  const target: TargetFacts = { id: actor.id, roleId: ROLE_ID[actor.role], firmId: actor.firmId, createdBy: null };
  if (firmId === null || !authorize(actor, 'firm.settings', target)) failForbidden();
  return { firmId };
}

/** `GET /api/firm/settings`. */
export async function readFirmSettings(context: AppContext, actor: Actor): Promise<FirmSettings> {
  const { firmId } = ownFirm(actor);
  return { request_reminder_days: await readReminderDays(context.db, firmId) };
}

/**
 * `PUT /api/firm/settings`: a new reminder interval; the firm's open requests are due for their next
 * reminder that many days after their last mail.
 */
export async function saveFirmSettings(context: AppContext, actor: Actor, input: FirmSettings): Promise<FirmSettings> {
  const { firmId } = ownFirm(actor);
  const at = context.clock.now().toISOString();
  await context.db.transaction().execute(async (trx) => {
    await saveReminderDays(trx, { firmId, days: input.request_reminder_days, by: actor.id, at });
    await onFirmSettingsChanged.fire(trx, { firmId, requestReminderDays: input.request_reminder_days });
  });
  return { request_reminder_days: input.request_reminder_days };
}

/** How many days a firm's open requests wait between reminders (its setting, or the default). */
export function readRequestReminderDays(db: Kysely<DB>, firmId: number): Promise<number> {
  return readReminderDays(db, firmId);
}
