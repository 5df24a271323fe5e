import type { Insertable, Kysely } from 'kysely';
import { insertNewRows } from '../../db/insert-new-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import { hasRowWith } from '../../db/row-exists.js';
import type { DB, FirmFeedTable } from '../../db/schema.js';

/** The bell's notices a user turned off. */
export async function listNoticeOptOutsOf(db: Kysely<DB>, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('notice_opt_outs').select('kind').where('user_id', '=', userId).execute();
  return rows.map((row) => row.kind);
}

export function hasNoticeOptOut(db: Kysely<DB>, userId: number, kind: string): Promise<boolean> {
  return hasRowWith(db, 'notice_opt_outs', { user_id: userId, kind });
}

/** One kind on (its row goes) or off (a row, once), in the caller's transaction. */
export async function saveNoticeOptOut(db: Kysely<DB>, userId: number, kind: string, on: boolean, at: string) {
  if (on) await db.deleteFrom('notice_opt_outs').where('user_id', '=', userId).where('kind', '=', kind).execute();
  else await insertNewRows(db, 'notice_opt_outs', [{ user_id: userId, kind, created_at: at }], ['user_id', 'kind']);
}

/** A user as a mail names it (the firm's MPC, the client it is about). */
export function findMailPerson(db: Kysely<DB>, firmId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'status'])
    .where('id', '=', firmId)
    .executeTakeFirst();
}

export async function insertFirmFeed(db: Kysely<DB>, row: Insertable<FirmFeedTable>): Promise<void> {
  await db.insertInto('firm_feed').values(row).execute();
}

/** The newest `limit` of a firm's filings or received documents: one range of `firm_id, kind, id`. */
export function listFirmFeed(db: Kysely<DB>, firmId: number, kind: 'filed' | 'received', limit: number) {
  return db
    .selectFrom('firm_feed')
    .$call(joinPersonName('client', 'firm_feed.client_id', 'inner'))
    .leftJoin('services', 'services.id', 'firm_feed.service_id')
    .select([
      'firm_feed.id',
      'firm_feed.client_id',
      'firm_feed.service_id',
      'services.service_name',
      'firm_feed.subject',
      'firm_feed.ack_number',
      'firm_feed.happened_on',
      'firm_feed.work_item_id',
      'firm_feed.request_id',
      'firm_feed.folder_id',
    ])
    .where('firm_feed.firm_id', '=', firmId)
    .where('firm_feed.kind', '=', kind)
    .orderBy('firm_feed.id', 'desc')
    .limit(limit)
    .execute();
}

export type FirmFeedRow = Awaited<ReturnType<typeof listFirmFeed>>[number];

export async function findServiceName(db: Kysely<DB>, serviceId: number): Promise<string | null> {
  const row = await db.selectFrom('services').select('service_name').where('id', '=', serviceId).executeTakeFirst();
  return row?.service_name ?? null;
}
