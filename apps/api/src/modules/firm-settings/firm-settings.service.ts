import { DEFAULT_TRASH_DAYS } from '@portal/contract/file-trash';
import { DEFAULT_FILE_VERSIONS_KEPT } from '@portal/contract/files';
import type { FirmSettings, FirmSettingsInput } from '@portal/contract/requests';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { ownFirmFor } from '../../policy/own-firm.js';
import { listFirmsChoosing, readSettingsOf, saveSettingsOf } from './firm-settings.repository.js';
import { onFirmSettingsChanged } from './firm-settings-hooks.js';

/** `GET /api/firm/settings`. */
export async function readFirmSettings(context: AppContext, actor: Actor): Promise<FirmSettings> {
  const firmId = ownFirmFor(actor, 'firm.settings');
  return readSettingsOf(context.db, firmId);
}

/**
 * `PUT /api/firm/settings`: what the body names changes, the rest stays. A new reminder interval makes
 * the firm's open requests due for their next reminder that many days after their last mail.
 */
export async function saveFirmSettings(
  context: AppContext,
  actor: Actor,
  input: FirmSettingsInput,
): Promise<FirmSettings> {
  const firmId = ownFirmFor(actor, 'firm.settings');
  const at = context.clock.now().toISOString();
  return context.db.transaction().execute(async (trx) => {
    const before = await readSettingsOf(trx, firmId);
    const settings: FirmSettings = {
      request_reminder_days: input.request_reminder_days ?? before.request_reminder_days,
      checklist_before_closing: input.checklist_before_closing ?? before.checklist_before_closing,
      complete_only_when_billed: input.complete_only_when_billed ?? before.complete_only_when_billed,
      invoice_reminder_days:
        input.invoice_reminder_days === undefined ? before.invoice_reminder_days : input.invoice_reminder_days,
      file_versions_kept: input.file_versions_kept ?? before.file_versions_kept,
      request_links_enabled: input.request_links_enabled ?? before.request_links_enabled,
      trash_days: input.trash_days ?? before.trash_days,
      rights_response_days: input.rights_response_days ?? before.rights_response_days,
      pmla_reporting_entity: input.pmla_reporting_entity ?? before.pmla_reporting_entity,
    };
    await saveSettingsOf(trx, { firmId, settings, by: actor.id, at });
    await onFirmSettingsChanged.fire(trx, {
      firmId,
      requestReminderDays: settings.request_reminder_days,
      requestLinksEnabled: settings.request_links_enabled,
      at,
    });
    return settings;
  });
}

/** How many days a firm's open requests wait between reminders (its setting, or the default). */
export async function readRequestReminderDays(db: Kysely<DB>, firmId: number): Promise<number> {
  return (await readSettingsOf(db, firmId)).request_reminder_days;
}

/** Whether the firm holds an item's filing until its checklist is done (off by default). */
export async function readChecklistBeforeClosing(db: Kysely<DB>, firmId: number): Promise<boolean> {
  return (await readSettingsOf(db, firmId)).checklist_before_closing;
}

/** Whether the firm's request mails carry a link that needs no sign-in, and such links open (on by default). */
export async function readRequestLinksEnabled(db: Kysely<DB>, firmId: number): Promise<boolean> {
  return (await readSettingsOf(db, firmId)).request_links_enabled;
}

/** Whether the firm completes fee-bearing work only once an invoice bills it (off by default). */
export async function readCompleteOnlyWhenBilled(db: Kysely<DB>, firmId: number): Promise<boolean> {
  return (await readSettingsOf(db, firmId)).complete_only_when_billed;
}

/** The firms that remind clients of overdue invoices, and every how many days (billing's reminders). */
export function listInvoiceReminderFirms(
  db: Kysely<DB>,
): Promise<{ firm_id: number; invoice_reminder_days: number }[]> {
  return listFirmsChoosing(db, 'invoice_reminder_days');
}

/** Days the firm takes to answer a rights request other than a grievance (its setting, or 30). */
export async function readRightsResponseDays(db: Kysely<DB>, firmId: number): Promise<number> {
  return (await readSettingsOf(db, firmId)).rights_response_days;
}

/** How many versions a file of the firm keeps, the current one included (its setting, or the default). */
export async function readFileVersionsKept(db: Kysely<DB>, firmId: number | null): Promise<number> {
  if (firmId === null) return DEFAULT_FILE_VERSIONS_KEPT;
  return (await readSettingsOf(db, firmId)).file_versions_kept;
}

/** Days a deleted file or folder of the firm stays in the trash (its setting, or the default). */
export async function readTrashDays(db: Kysely<DB>, firmId: number | null): Promise<number> {
  if (firmId === null) return DEFAULT_TRASH_DAYS;
  return (await readSettingsOf(db, firmId)).trash_days;
}

/** The firms that chose their own trash period, with it; every other firm keeps the default. */
export function listTrashDaysOfFirms(db: Kysely<DB>): Promise<{ firm_id: number; trash_days: number }[]> {
  return listFirmsChoosing(db, 'trash_days');
}

/** Whether the firm keeps client due diligence under the PMLA (its setting; off by default). */
export async function readPmlaReportingEntity(db: Kysely<DB>, firmId: number): Promise<boolean> {
  return (await readSettingsOf(db, firmId)).pmla_reporting_entity;
}
