import type { Insertable, Kysely, Selectable } from 'kysely';
import { insertRow } from '../../db/insert-new-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import { deleteRowsWith, hasAnyRow } from '../../db/row-exists.js';
import type { DB, LegalHoldsTable, RetentionClassesTable, RetentionHoldsTable } from '../../db/schema.js';
import { updatesAnyRow } from '../../db/updated-rows.js';

export type RetentionClassRow = Selectable<RetentionClassesTable>;

/** The schedule, in the order it was shipped. */
export function listClassRows(db: Kysely<DB>): Promise<RetentionClassRow[]> {
  return db.selectFrom('retention_classes').selectAll().orderBy('id').execute();
}

export function updateClassRow(
  db: Kysely<DB>,
  key: string,
  values: { months: number; source: string; by: number; at: string },
): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('retention_classes')
      .set({ months: values.months, source: values.source, updated_by: values.by, updated_at: values.at })
      .where('key', '=', key),
  );
}

/** A client's holds, newest first, with who placed and released each (`legal_holds_client_index`). */
export function listHoldsOfClient(db: Kysely<DB>, clientId: number) {
  return db
    .selectFrom('legal_holds')
    .selectAll('legal_holds')
    .$call(joinPersonName('placer', 'legal_holds.placed_by'))
    .$call(joinPersonName('releaser', 'legal_holds.released_by'))
    .where('legal_holds.client_id', '=', clientId)
    .orderBy('legal_holds.id', 'desc')
    .execute();
}
export type LegalHoldRow = Awaited<ReturnType<typeof listHoldsOfClient>>[number];

export function insertHold(db: Kysely<DB>, values: Insertable<LegalHoldsTable>): Promise<number> {
  return insertRow(db, 'legal_holds', values);
}

/** Ends the hold in force; false when there was none (two releases at once: one wins). */
export function releaseHoldOf(
  db: Kysely<DB>,
  clientId: number,
  values: { by: number; at: string; note: string | null },
): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('legal_holds')
      .set({ released_by: values.by, released_at: values.at, release_note: values.note })
      .where('client_id', '=', clientId)
      .where('released_at', 'is', null),
  );
}

export async function isClientHeld(db: Kysely<DB>, clientId: number): Promise<boolean> {
  return hasAnyRow(db.selectFrom('legal_holds').where('client_id', '=', clientId).where('released_at', 'is', null));
}

/** Every client on legal hold now (`legal_holds_in_force_unique`): the purges leave them alone. */
export async function listHeldClientIds(db: Kysely<DB>): Promise<number[]> {
  const rows = await db.selectFrom('legal_holds').select('client_id').where('released_at', 'is', null).execute();
  return rows.map((row) => row.client_id);
}

export async function insertRetentionHolds(db: Kysely<DB>, rows: Insertable<RetentionHoldsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('retention_holds').values(rows).execute();
}

export function listRetentionHoldsOf(db: Kysely<DB>, clientId: number) {
  return db
    .selectFrom('retention_holds')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('held_until')
    .orderBy('id')
    .execute();
}
export type RetentionHoldRow = Awaited<ReturnType<typeof listRetentionHoldsOf>>[number];

/** The holds that ended before `today`, oldest first (`retention_holds_due_index`), of clients not held. */
export function listEndedHolds(db: Kysely<DB>, values: { today: string; except: readonly number[]; limit: number }) {
  let query = db.selectFrom('retention_holds').selectAll().where('held_until', '<', values.today);
  if (values.except.length > 0) query = query.where('client_id', 'not in', [...values.except]);
  return query.orderBy('held_until').orderBy('id').limit(values.limit).execute();
}

export async function deleteRetentionHold(db: Kysely<DB>, id: number): Promise<boolean> {
  return (await deleteRowsWith(db, 'retention_holds', { id })) > 0;
}

/** Clients whose records an erasure keeps (`retention_holds`): their trash waits for the retention purge. */
export async function listClientsWithRetentionHolds(db: Kysely<DB>): Promise<number[]> {
  const rows = await db.selectFrom('retention_holds').select('client_id').distinct().execute();
  return rows.map((row) => row.client_id);
}
