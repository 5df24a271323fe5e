import { type AadhaarVaultRef, isAadhaarVaultRef } from '@portal/contract/aadhaar-vault';
import { mapAadhaarFields } from '@portal/contract/sub-form-secrets';
import type { AppContext } from '../../app-context.js';
import {
  type AadhaarOwner,
  type AadhaarReader,
  readAadhaarFull,
  replaceAadhaarOf,
  storeAadhaar,
} from '../aadhaar-vault/aadhaar-vault.service.js';

/**
 * A sub-form's Aadhaar numbers live in the vault (docs/decisions/0044): the sub-form keeps
 * `{ ref, last4 }` in each Aadhaar field (a client's `aadhar`, a karta's `aadharofkarta`, each
 * partner's `aadharnumber`), never the number, not even sealed.
 */

type SubForm = Record<string, unknown>;
type VaultContext = Pick<AppContext, 'db' | 'aadhaarKeyring' | 'clock' | 'log'>;

const isNumberText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The numbers (as text) a sub-form holds in its Aadhaar fields, in its order. */
function listNumbersIn(data: SubForm): string[] {
  const numbers: string[] = [];
  mapAadhaarFields(data, (value) => {
    if (isNumberText(value)) numbers.push(value);
    return value;
  });
  return numbers;
}

/** Replaces, in the sub-form's order, each number by the next of `refs`. */
function putRefsIn(data: SubForm, refs: AadhaarVaultRef[]): SubForm {
  let next = 0;
  return mapAadhaarFields(data, (value) => (isNumberText(value) ? refs[next++] : value));
}

/**
 * A sub-form about to be saved (its numbers as the form typed them) with its numbers put in the vault,
 * in the caller's transaction: the owner's unchanged numbers keep their rows, new ones get rows, and
 * the owner's other rows go (docs/decisions/0044).
 */
export async function putAadhaarInVault(
  context: VaultContext,
  owner: AadhaarOwner,
  data: SubForm | null | undefined,
): Promise<SubForm | null | undefined> {
  const numbers = data ? listNumbersIn(data) : [];
  const refs = await replaceAadhaarOf(context, owner, numbers);
  return data ? putRefsIn(data, refs) : data;
}

/**
 * A stored sub-form whose numbers are still text (written before the vault) with each number moved
 * into a new vault row; references already there stay. Answers the new references too, so the caller
 * can take them back if its row changed meanwhile.
 */
export async function moveAadhaarIntoVault(
  context: VaultContext,
  owner: AadhaarOwner,
  data: SubForm,
): Promise<{ data: SubForm; stored: string[] }> {
  const refs: AadhaarVaultRef[] = [];
  for (const number of listNumbersIn(data)) refs.push(await storeAadhaar(context, owner, number));
  return { data: putRefsIn(data, refs), stored: refs.map((entry) => entry.ref) };
}

/**
 * The sub-form with each vault reference replaced by its number in full, read from the vault (which
 * records the read); a number the vault cannot give is left out, so the editor can type it again.
 */
export async function openAadhaarInFull(
  context: VaultContext,
  ownerUserId: number,
  data: SubForm,
  reader: AadhaarReader,
): Promise<SubForm> {
  const refs: string[] = [];
  mapAadhaarFields(data, (value) => {
    if (isAadhaarVaultRef(value)) refs.push(value.ref);
    return value;
  });
  const numbers = await readAadhaarFull(context, { ownerUserId, refs }, reader);
  return mapAadhaarFields(data, (value) => (isAadhaarVaultRef(value) ? numbers.get(value.ref) : value));
}
