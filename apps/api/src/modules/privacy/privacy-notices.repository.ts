import type { Kysely } from 'kysely';
import { countRows } from '../../db/count-rows.js';
import { insertRow } from '../../db/insert-new-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';

/** The firm's latest published version (its current notice); undefined: none, the default is in force. */
export function findLatestNotice(db: Kysely<DB>, firmId: number) {
  return db
    .selectFrom('privacy_notices')
    .select(['id', 'version', 'body', 'published_at'])
    .where('firm_id', '=', firmId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** How the firm is named to its people: the MPC's firm name and its own name. */
export function findFirmNames(db: Kysely<DB>, firmId: number) {
  return db
    .selectFrom('users')
    .select(['firm_name', 'first_name', 'last_name'])
    .where('id', '=', firmId)
    .executeTakeFirst();
}

export function insertNotice(
  db: Kysely<DB>,
  values: { firmId: number; version: number; body: string; by: number; at: string },
): Promise<number> {
  return insertRow(db, 'privacy_notices', {
    firm_id: values.firmId,
    version: values.version,
    body: values.body,
    published_by: values.by,
    published_at: values.at,
  });
}

/**
 * Marks the new version on every row of the firm, so each one's next request finds it must accept it
 * (the token lookup reads the column; docs/decisions/0041). One indexed write per firm member, once per
 * publication.
 */
export async function setFirmNoticeVersion(db: Kysely<DB>, firmId: number, version: number): Promise<void> {
  await db.updateTable('users').set({ privacy_notice_version: version }).where('firm_id', '=', firmId).execute();
}

export async function countNotices(db: Kysely<DB>, firmId: number): Promise<number> {
  return countRows(db.selectFrom('privacy_notices').where('firm_id', '=', firmId));
}

function selectNotices(db: Kysely<DB>) {
  return db
    .selectFrom('privacy_notices')
    .select([
      'privacy_notices.id',
      'privacy_notices.firm_id',
      'privacy_notices.version',
      'privacy_notices.body',
      'privacy_notices.published_at',
    ])
    .$call(joinPersonName('publisher', 'privacy_notices.published_by'));
}

export type NoticeRow = NonNullable<Awaited<ReturnType<typeof findNoticeById>>>;

/** A page of the firm's versions, newest first. */
export function listNotices(db: Kysely<DB>, firmId: number, offset: number, limit: number): Promise<NoticeRow[]> {
  return selectNotices(db)
    .where('privacy_notices.firm_id', '=', firmId)
    .orderBy('privacy_notices.version', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** One version by its id, within the firm (another firm's is not found). */
export function findNoticeById(db: Kysely<DB>, firmId: number, id: number) {
  return selectNotices(db)
    .where('privacy_notices.id', '=', id)
    .where('privacy_notices.firm_id', '=', firmId)
    .executeTakeFirst();
}
