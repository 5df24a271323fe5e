import type { Expression, Kysely, SqlBool } from 'kysely';
import { countRows } from '../../db/count-rows.js';
import { isAfterCursor } from '../../db/keyset-cursor.js';
import { joinPersonName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';

export type UdinFilterSql = {
  firmId: number;
  reach: Expression<SqlBool>;
  /** Only items without a UDIN; with `signedBefore`, only those signed before that day (overdue). */
  missing: boolean;
  signedBefore?: string;
};

/** The firm's signed items in reach, newest signing first, read in the (firm, signed_on, id) index. */
export function listSignedItems(
  db: Kysely<DB>,
  filter: UdinFilterSql,
  page: { after?: { signedOn: string; id: number }; limit: number },
) {
  let query = db
    .selectFrom('work_items')
    .$call(joinPersonName('client', 'work_items.client_id', 'inner'))
    .select(['work_items.id', 'work_items.client_id', 'work_items.title', 'work_items.signed_on', 'work_items.udin'])
    .where('work_items.firm_id', '=', filter.firmId)
    .where('work_items.signed_on', 'is not', null)
    .where(() => filter.reach);
  if (filter.missing) query = query.where('work_items.udin', 'is', null);
  if (filter.signedBefore !== undefined) query = query.where('work_items.signed_on', '<', filter.signedBefore);
  const after = page.after;
  if (after)
    query = query.where((eb) =>
      isAfterCursor(eb, 'desc', ['work_items.signed_on', after.signedOn], ['work_items.id', after.id]),
    );
  return query.orderBy('work_items.signed_on', 'desc').orderBy('work_items.id', 'desc').limit(page.limit).execute();
}

/** How many of the firm's signed items in reach have no UDIN (signed before `signedBefore`, when given). */
export async function countMissingUdins(db: Kysely<DB>, filter: Omit<UdinFilterSql, 'missing'>): Promise<number> {
  let query = db
    .selectFrom('work_items')
    .where('work_items.firm_id', '=', filter.firmId)
    .where('work_items.signed_on', 'is not', null)
    .where('work_items.udin', 'is', null)
    .where(() => filter.reach);
  if (filter.signedBefore !== undefined) query = query.where('work_items.signed_on', '<', filter.signedBefore);
  return countRows(query);
}

export async function updateUdin(
  db: Kysely<DB>,
  workId: number,
  values: { udin: string | null; signed_on: string | null; updated_at: string },
): Promise<void> {
  await db.updateTable('work_items').set(values).where('id', '=', workId).execute();
}
