import { DEFAULT_TRASH_DAYS } from '@portal/contract/file-trash';
import { DEFAULT_FILE_VERSIONS_KEPT } from '@portal/contract/files';
import { DEFAULT_REMINDER_DAYS, type FirmSettings } from '@portal/contract/requests';
import { DEFAULT_RIGHTS_RESPONSE_DAYS } from '@portal/contract/rights-requests';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A firm's settings, the defaults where its MPC chose none. */
export async function readSettingsOf(db: Kysely<DB>, firmId: number): Promise<FirmSettings> {
  const row = await db
    .selectFrom('firm_settings')
    .select([
      'request_reminder_days',
      'checklist_before_closing',
      'complete_only_when_billed',
      'invoice_reminder_days',
      'file_versions_kept',
      'request_links_enabled',
      'trash_days',
      'rights_response_days',
      'pmla_reporting_entity',
    ])
    .where('firm_id', '=', firmId)
    .executeTakeFirst();
  return {
    request_reminder_days: row?.request_reminder_days ?? DEFAULT_REMINDER_DAYS,
    checklist_before_closing: row?.checklist_before_closing === 1,
    complete_only_when_billed: row?.complete_only_when_billed === 1,
    invoice_reminder_days: row?.invoice_reminder_days ?? null,
    file_versions_kept: row?.file_versions_kept ?? DEFAULT_FILE_VERSIONS_KEPT,
    // On unless the MPC turned it off (issue 24).
    request_links_enabled: row?.request_links_enabled !== 0,
    trash_days: row?.trash_days ?? DEFAULT_TRASH_DAYS,
    rights_response_days: row?.rights_response_days ?? DEFAULT_RIGHTS_RESPONSE_DAYS,
    pmla_reporting_entity: row?.pmla_reporting_entity === 1,
  };
}

/** Writes the whole settings row (the caller merged what changed into what was there). */
export async function saveSettingsOf(
  db: Kysely<DB>,
  values: { firmId: number; settings: FirmSettings; by: number; at: string },
): Promise<void> {
  const columns = {
    request_reminder_days: values.settings.request_reminder_days,
    checklist_before_closing: values.settings.checklist_before_closing ? 1 : 0,
    complete_only_when_billed: values.settings.complete_only_when_billed ? 1 : 0,
    invoice_reminder_days: values.settings.invoice_reminder_days,
    file_versions_kept: values.settings.file_versions_kept,
    request_links_enabled: values.settings.request_links_enabled ? 1 : 0,
    trash_days: values.settings.trash_days,
    rights_response_days: values.settings.rights_response_days,
    pmla_reporting_entity: values.settings.pmla_reporting_entity ? 1 : 0,
    updated_by: values.by,
    updated_at: values.at,
  };
  await db
    .insertInto('firm_settings')
    .values({ firm_id: values.firmId, ...columns })
    .onConflict((conflict) => conflict.column('firm_id').doUpdateSet(columns))
    .execute();
}

/** A day count some firms' MPCs choose for themselves; a firm that chose none keeps the default (null). */
type ChosenDaysSetting = 'trash_days' | 'invoice_reminder_days';

/** The firms whose MPC chose the setting `days`, with what it chose. */
export function listFirmsChoosing<S extends ChosenDaysSetting>(db: Kysely<DB>, days: S) {
  const column = days as ChosenDaysSetting;
  return db
    .selectFrom('firm_settings')
    .select(['firm_id', column])
    .where(column, 'is not', null)
    .orderBy('firm_id')
    .execute() as Promise<({ firm_id: number } & Record<S, number>)[]>;
}
