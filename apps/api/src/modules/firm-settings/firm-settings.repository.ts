import { DEFAULT_REMINDER_DAYS } from '@portal/contract/requests';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** How often (days) an open request of the firm reminds its client; the default when the MPC chose none. */
export async function readReminderDays(db: Kysely<DB>, firmId: number): Promise<number> {
  const row = await db
    .selectFrom('firm_settings')
    .select('request_reminder_days')
    .where('firm_id', '=', firmId)
    .executeTakeFirst();
  return row?.request_reminder_days ?? DEFAULT_REMINDER_DAYS;
}

export async function saveReminderDays(
  db: Kysely<DB>,
  values: { firmId: number; days: number; by: number; at: string },
): Promise<void> {
  await db
    .insertInto('firm_settings')
    .values({
      firm_id: values.firmId,
      request_reminder_days: values.days,
      updated_by: values.by,
      updated_at: values.at,
    })
    .onConflict((conflict) =>
      conflict
        .column('firm_id')
        .doUpdateSet({ request_reminder_days: values.days, updated_by: values.by, updated_at: values.at }),
    )
    .execute();
}
