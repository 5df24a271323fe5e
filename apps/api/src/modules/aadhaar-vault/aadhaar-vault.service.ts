import { randomBytes } from 'node:crypto';
import { type AadhaarVaultRef, lastFourDigitsOf } from '@portal/contract/aadhaar-vault';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { keyIdOfSealedValue, openValue, sealValue } from '../../encryption/value-cipher.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  countVaultRowsNotUnder,
  deleteVaultRowsByRef,
  deleteVaultRowsOfFirm,
  deleteVaultRowsOfOwner,
  findVaultRowsOfOwner,
  insertVaultRow,
  listVaultKeyIds,
  listVaultRowsNotUnder,
  listVaultRowsOfOwner,
  updateSealedNumber,
  type VaultRow,
} from './aadhaar-vault.repository.js';

/**
 * The Aadhaar vault (docs/decisions/0044): every Aadhaar number the portal keeps, sealed under the
 * vault's own key (`context.aadhaarKeyring`, never the data key) and found by a random reference. The
 * sub-forms hold `{ ref, last4 }`; a number leaves the vault in full only through `readAadhaarFull`,
 * which records who read whose number and why.
 */

type VaultContext = Pick<AppContext, 'db' | 'aadhaarKeyring' | 'clock' | 'log'>;

/** Whose number it is: the user whose sub-form holds it, and that user's firm (to erase a firm at once). */
export type AadhaarOwner = { userId: number; firmId: number | null };

/** Why a number is read in full; each read says one in the activity log. */
export type AadhaarReadReason = 'edit_form' | 'access_download';

export type AadhaarReader = { actorId: number; ip: string; reason: AadhaarReadReason };

// A sealed number opens only as its own row's: moved to another reference, it fails to open.
const associatedDataOf = (ref: string) => Buffer.from(`portal:aadhaar:v1:${ref}`);
const digitsOf = (number: string) => number.replace(/\s/g, '');
const REF_BYTES = 16;
const BATCH = 200;

function sealNumber(context: Pick<VaultContext, 'aadhaarKeyring'>, ref: string, number: string) {
  const sealed = sealValue(context.aadhaarKeyring, number, associatedDataOf(ref));
  return { sealed, keyId: keyIdOfSealedValue(sealed) as string };
}

/** The number of a row, or null (logged) when its key is gone or the row was tampered with. */
function openRow(context: VaultContext, row: VaultRow, strict = false): string | null {
  try {
    return openValue(context.aadhaarKeyring, row.sealed_number, associatedDataOf(row.ref));
  } catch (error) {
    if (strict) throw error;
    context.log.error(
      { vaultRowId: row.id, keyId: keyIdOfSealedValue(row.sealed_number) },
      'an Aadhaar number in the vault could not be opened',
    );
    return null;
  }
}

/** Seals one number into a new row of the vault (in the caller's transaction) and answers its reference. */
export async function storeAadhaar(
  context: VaultContext,
  owner: AadhaarOwner,
  number: string,
): Promise<AadhaarVaultRef> {
  const digits = digitsOf(number);
  const ref = randomBytes(REF_BYTES).toString('base64url');
  const { sealed, keyId } = sealNumber(context, ref, digits);
  await insertVaultRow(context.db, {
    ref,
    sealed_number: sealed,
    key_id: keyId,
    firm_id: owner.firmId,
    owner_user_id: owner.userId,
    created_at: context.clock.now().toISOString(),
  });
  return { ref, last4: lastFourDigitsOf(digits) };
}

/**
 * What a saved sub-form's numbers become, in the caller's transaction: a number the owner already has
 * keeps its row and reference, a new one gets a new row, and every other row of the owner goes (a
 * changed or removed number leaves nothing behind). Answers the references in the order of `numbers`.
 * The owner's rows are opened to compare; no number leaves the server, so this is not a read in full.
 */
export async function replaceAadhaarOf(
  context: VaultContext,
  owner: AadhaarOwner,
  numbers: string[],
): Promise<AadhaarVaultRef[]> {
  const rows = await listVaultRowsOfOwner(context.db, owner.userId);
  const unused = rows.map((row) => ({ row, number: openRow(context, row) }));
  const refs: AadhaarVaultRef[] = [];
  for (const number of numbers.map(digitsOf)) {
    const index = unused.findIndex((entry) => entry.number === number);
    const [kept] = index >= 0 ? unused.splice(index, 1) : [];
    refs.push(
      kept ? { ref: kept.row.ref, last4: lastFourDigitsOf(number) } : await storeAadhaar(context, owner, number),
    );
  }
  await deleteVaultRowsOfOwner(
    context.db,
    owner.userId,
    unused.map((entry) => entry.row.id),
  );
  return refs;
}

/**
 * The numbers behind `refs` in full (only the owner's rows), recorded in the activity log: who read
 * whose numbers and why. A reference whose row is gone or cannot be opened is left out (logged).
 */
export async function readAadhaarFull(
  context: VaultContext,
  request: { ownerUserId: number; refs: string[] },
  reader: AadhaarReader,
): Promise<Map<string, string>> {
  const numbers = new Map<string, string>();
  if (request.refs.length === 0) return numbers;
  for (const row of await findVaultRowsOfOwner(context.db, request.ownerUserId, request.refs)) {
    const number = openRow(context, row);
    if (number !== null) numbers.set(row.ref, number);
  }
  await recordAudit(context.db, {
    actorId: reader.actorId,
    action: 'aadhaar.read',
    entityType: 'user',
    entityId: request.ownerUserId,
    ip: reader.ip,
    details: { reason: reader.reason, numbers: numbers.size },
    at: context.clock.now(),
  });
  return numbers;
}

/** Removes references a caller stored but did not keep (its row changed meanwhile). */
export function dropAadhaarRefs(db: Kysely<DB>, ownerUserId: number, refs: string[]): Promise<number> {
  return deleteVaultRowsByRef(db, ownerUserId, refs);
}

/** Erases every number a user owns (in the caller's transaction); answers how many went. */
export function eraseAadhaarOf(db: Kysely<DB>, userId: number): Promise<number> {
  return deleteVaultRowsOfOwner(db, userId);
}

/** Erases every number of a firm's users. */
export function eraseAadhaarOfFirm(db: Kysely<DB>, firmId: number): Promise<number> {
  return deleteVaultRowsOfFirm(db, firmId);
}

export type VaultResealReport = { resealed: number; skipped: number };

/**
 * Moves every number under the vault's active key (`npm run keys:rotate`), a batch at a time; safe while
 * the portal runs: a row is changed only if it did not change meanwhile. A row that cannot be opened is
 * counted as skipped and logged, and stays as it is.
 */
export async function resealAadhaarVault(context: VaultContext): Promise<VaultResealReport> {
  const report: VaultResealReport = { resealed: 0, skipped: 0 };
  let afterId = 0;
  for (;;) {
    const activeKeyId = context.aadhaarKeyring.active().id;
    const rows = await listVaultRowsNotUnder(context.db, { activeKeyId, afterId, limit: BATCH });
    for (const row of rows) {
      afterId = row.id;
      let number: string;
      try {
        number = openRow(context, row, true) as string;
      } catch (error) {
        report.skipped += 1;
        context.log.error({ vaultRowId: row.id, err: error }, 'an Aadhaar number could not be re-encrypted');
        continue;
      }
      const { sealed, keyId } = sealNumber(context, row.ref, number);
      if (await updateSealedNumber(context.db, { id: row.id, previous: row.sealed_number, sealed, keyId }))
        report.resealed += 1;
    }
    if (rows.length < BATCH) return report;
  }
}

/** How many numbers are under another key than the vault's active one. */
export function countAadhaarNotUnderActiveKey(context: Pick<VaultContext, 'db' | 'aadhaarKeyring'>): Promise<number> {
  return countVaultRowsNotUnder(context.db, context.aadhaarKeyring.active().id);
}

/** The vault keys a database's numbers are under (a backup's manifest names them). */
export function listAadhaarKeyIds(db: Kysely<DB>): Promise<string[]> {
  return listVaultKeyIds(db);
}
