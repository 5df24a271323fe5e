import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { declareHook } from '../../hook-list.js';

/** A firm saved its settings: fired inside the save's transaction. */
export const onFirmSettingsChanged = declareHook<
  Kysely<DB>,
  { firmId: number; requestReminderDays: number; requestLinksEnabled: boolean; at: string }
>('onFirmSettingsChanged');
