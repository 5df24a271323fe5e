import {
  FIRM_FEED_SIZE,
  type FirmFeed,
  type FirmFeedEntry,
  OWNER_NOTICE_KINDS,
  OWNER_NOTICE_TEXTS,
  type OwnerNoticePreference,
  type ownerNoticePreferenceSchema,
} from '@portal/contract/owner-notices';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { fullName } from '../../db/person-name.js';
import { listOptOutsOf, saveOptOuts } from './mail-preferences.repository.js';
import { type FirmFeedRow, listFirmFeed, listNoticeOptOutsOf, saveNoticeOptOut } from './owner-notices.repository.js';

/** `GET /api/me/owner-notices`: each of the owner's notices, in the bell and by mail (both on unless turned off). */
export async function readOwnerNoticePreferences(context: AppContext, actor: Actor): Promise<OwnerNoticePreference[]> {
  const bellOff = new Set(await listNoticeOptOutsOf(context.db, actor.id));
  const mailOff = new Set(await listOptOutsOf(context.db, actor.id));
  return OWNER_NOTICE_KINDS.map((kind) => ({
    kind,
    ...OWNER_NOTICE_TEXTS[kind],
    in_app: !bellOff.has(kind),
    mail: !mailOff.has(kind),
  }));
}

/** `PUT /api/me/owner-notices`: one kind on or off in the bell, by mail, or both, in one transaction. */
export async function saveOwnerNoticePreference(
  context: AppContext,
  actor: Actor,
  input: z.output<typeof ownerNoticePreferenceSchema>,
): Promise<OwnerNoticePreference[]> {
  const at = context.clock.now().toISOString();
  await context.db.transaction().execute(async (trx) => {
    if (input.in_app !== undefined) await saveNoticeOptOut(trx, actor.id, input.kind, input.in_app, at);
    // Mail of the owner's notices is turned off as any other mail: a row of `mail_opt_outs`.
    if (input.mail !== undefined)
      await saveOptOuts(trx, actor.id, input.mail ? { on: [input.kind], off: [] } : { on: [], off: [input.kind] }, at);
  });
  return readOwnerNoticePreferences(context, actor);
}

const presentFeedRow = (row: FirmFeedRow): FirmFeedEntry => ({
  id: row.id,
  client: { id: row.client_id, name: fullName(row.client_first_name, row.client_last_name) },
  service_id: row.service_id,
  service_name: row.service_name ?? null,
  subject: row.subject,
  ack_number: row.ack_number,
  happened_on: row.happened_on,
  work_item_id: row.work_item_id,
  request_id: row.request_id,
  folder_id: row.folder_id,
});

/** `GET /api/dashboard/firm-feed`: the caller's firm's last filings and received documents (two statements). */
export async function readFirmFeed(context: AppContext, actor: Actor): Promise<FirmFeed> {
  const [filed, received] = await Promise.all([
    listFirmFeed(context.db, actor.id, 'filed', FIRM_FEED_SIZE),
    listFirmFeed(context.db, actor.id, 'received', FIRM_FEED_SIZE),
  ]);
  return { filed: filed.map(presentFeedRow), received: received.map(presentFeedRow) };
}
