import type { Insertable, Kysely } from 'kysely';
import { countRows } from '../../db/count-rows.js';
import { deleteRowsWith } from '../../db/row-exists.js';
import type { AadhaarVaultTable, DB } from '../../db/schema.js';
import { updatesAnyRow } from '../../db/updated-rows.js';

/** The vault's rows (docs/decisions/0044): only this module reads or writes `aadhaar_vault`. */

export type VaultRow = { id: number; ref: string; sealed_number: string };

export async function insertVaultRow(db: Kysely<DB>, row: Insertable<AadhaarVaultTable>): Promise<void> {
  await db.insertInto('aadhaar_vault').values(row).execute();
}

/** Every number a user owns (a client's own, its karta's, its partners'), through the owner index. */
export function listVaultRowsOfOwner(db: Kysely<DB>, ownerUserId: number): Promise<VaultRow[]> {
  return db
    .selectFrom('aadhaar_vault')
    .select(['id', 'ref', 'sealed_number'])
    .where('owner_user_id', '=', ownerUserId)
    .orderBy('id')
    .execute();
}

/** The rows of `refs` that belong to the owner: a reference alone never opens another's number. */
export function findVaultRowsOfOwner(db: Kysely<DB>, ownerUserId: number, refs: string[]): Promise<VaultRow[]> {
  if (refs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('aadhaar_vault')
    .select(['id', 'ref', 'sealed_number'])
    .where('owner_user_id', '=', ownerUserId)
    .where('ref', 'in', refs)
    .execute();
}

export async function deleteVaultRowsOfOwner(db: Kysely<DB>, ownerUserId: number, ids?: number[]): Promise<number> {
  if (ids?.length === 0) return 0;
  let query = db.deleteFrom('aadhaar_vault').where('owner_user_id', '=', ownerUserId);
  if (ids) query = query.where('id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteVaultRowsByRef(db: Kysely<DB>, ownerUserId: number, refs: string[]): Promise<number> {
  if (refs.length === 0) return 0;
  const result = await db
    .deleteFrom('aadhaar_vault')
    .where('owner_user_id', '=', ownerUserId)
    .where('ref', 'in', refs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteVaultRowsOfFirm(db: Kysely<DB>, firmId: number): Promise<number> {
  return deleteRowsWith(db, 'aadhaar_vault', { firm_id: firmId });
}

/** A batch of rows sealed under another key than `activeKeyId`, after `afterId`, by id. */
export function listVaultRowsNotUnder(
  db: Kysely<DB>,
  page: { activeKeyId: string; afterId: number; limit: number },
): Promise<VaultRow[]> {
  return db
    .selectFrom('aadhaar_vault')
    .select(['id', 'ref', 'sealed_number'])
    .where('key_id', '!=', page.activeKeyId)
    .where('id', '>', page.afterId)
    .orderBy('id')
    .limit(page.limit)
    .execute();
}

/** Stores a re-sealed number unless the row changed or went meanwhile. */
export function updateSealedNumber(
  db: Kysely<DB>,
  change: { id: number; previous: string; sealed: string; keyId: string },
): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('aadhaar_vault')
      .set({ sealed_number: change.sealed, key_id: change.keyId })
      .where('id', '=', change.id)
      .where('sealed_number', '=', change.previous),
  );
}

export async function countVaultRowsNotUnder(db: Kysely<DB>, activeKeyId: string): Promise<number> {
  return countRows(db.selectFrom('aadhaar_vault').where('key_id', '!=', activeKeyId));
}

/** The keys the vault's numbers are under (a backup names them; never the keys themselves). */
export async function listVaultKeyIds(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('aadhaar_vault').select('key_id').distinct().orderBy('key_id').execute();
  return rows.map((row) => row.key_id);
}
