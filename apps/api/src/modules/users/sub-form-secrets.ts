import { CLEAR_PASSWORD_KEY } from '@portal/contract/client-templates';
import { hasSubFormPassword, mapSubFormSecrets, maskSubForm } from '@portal/contract/sub-form-secrets';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Keyring } from '../../encryption/keyring.js';
import { isSealedValue, keyIdOfSealedValue, openValue, sealValue } from '../../encryption/value-cipher.js';
import type { AadhaarReader } from '../aadhaar-vault/aadhaar-vault.service.js';
import { openAadhaarInFull } from './sub-form-aadhaar.js';

/**
 * A client's sub-form at rest and in answers (docs/security.md): its secrets (bank account, IFSC,
 * portal password) are sealed one by one in `users.additional_data`, its Aadhaar numbers are in the
 * vault with `{ ref, last4 }` in their place (sub-form-aadhaar.ts); answers mask them; only the audited
 * sensitive read opens them in full, and never the password.
 */

type SubForm = Record<string, unknown>;

function parse(stored: string | null): SubForm | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as SubForm) : null;
  } catch {
    return null;
  }
}

/**
 * The columns for a sub-form to store: its secrets (plaintext, as a form sends them or `openSubForm`
 * answers them) sealed under the active key, and that key's id. Its Aadhaar numbers must be in the
 * vault already (`putAadhaarInVault`): a number here is a fault, never sealed with the data key.
 */
export function sealSubFormColumns(
  keyring: Keyring,
  data: SubForm | null | undefined,
): { additional_data: string | null; secrets_key_id: string } {
  if (!data) return { additional_data: null, secrets_key_id: '' };
  let sealed = false;
  const output = mapSubFormSecrets(data, (kind, value) => {
    if (kind === 'aadhaar') throw new Error('An Aadhaar number reached the sub-form unvaulted.');
    sealed = true;
    return sealValue(keyring, value);
  });
  return { additional_data: JSON.stringify(output), secrets_key_id: sealed ? keyring.active().id : '' };
}

/**
 * The stored sub-form with its secrets opened (a value stored before encryption comes back as it is).
 * A value that cannot be opened (its key was removed) is left out and logged, so a page still loads
 * and the editor can enter it again; with `strict` (re-encryption) it throws, so nothing is lost.
 */
export function openSubForm(
  keyring: Keyring,
  stored: string | null,
  log?: FastifyBaseLogger,
  strict = false,
): SubForm | null {
  const data = parse(stored);
  if (!data) return null;
  return mapSubFormSecrets(data, (kind, value) => {
    if (!isSealedValue(value)) return value;
    try {
      return openValue(keyring, value);
    } catch (error) {
      if (strict) throw error;
      log?.error({ kind, keyId: keyIdOfSealedValue(value) }, 'a sealed sub-form value could not be opened');
      return undefined;
    }
  });
}

/** A user's sub-form as an answer carries it: JSON text, and whether a password is set (never the password). */
type SubFormAnswer = { additional_data: string | null; sub_form_password_set: boolean };

/** What every answer carries: the sub-form as JSON text with secrets masked, and whether a password is set. */
export function presentSubForm(keyring: Keyring, stored: string | null, log?: FastifyBaseLogger): SubFormAnswer {
  const data = openSubForm(keyring, stored, log);
  if (!data) return { additional_data: stored === null ? null : '{}', sub_form_password_set: false };
  return { additional_data: JSON.stringify(maskSubForm(data)), sub_form_password_set: hasSubFormPassword(data) };
}

/**
 * For the edit form: secrets in full (the Aadhaar numbers read from the vault, which records the read),
 * but never the stored password.
 */
export async function presentSensitiveSubForm(
  context: Pick<AppContext, 'db' | 'keyring' | 'aadhaarKeyring' | 'clock' | 'log'>,
  user: { id: number; additional_data: string | null },
  reader: AadhaarReader,
): Promise<SubFormAnswer> {
  const opened = openSubForm(context.keyring, user.additional_data, context.log);
  if (!opened) return { additional_data: null, sub_form_password_set: false };
  const data = await openAadhaarInFull(context, user.id, opened, reader);
  const { password: _never, ...rest } = data;
  return { additional_data: JSON.stringify(rest), sub_form_password_set: hasSubFormPassword(data) };
}

/**
 * An edited sub-form: a password left blank keeps the stored one (it is write-only, so the form never
 * had it), unless the editor asked to clear it or the status brought another template.
 */
export function keepWriteOnlySecrets(incoming: SubForm, stored: SubForm | null): SubForm {
  const { [CLEAR_PASSWORD_KEY]: clear, ...rest } = incoming;
  if (rest.password === undefined && clear !== 'yes' && stored && hasSubFormPassword(stored))
    rest.password = stored.password;
  return rest;
}
