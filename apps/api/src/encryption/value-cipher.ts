import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { EncryptionKeyError, type Keyring } from './keyring.js';

/**
 * One sensitive value (an Aadhaar, a bank account, a stored password) as text a database column can
 * hold: `enc:v1:<key id>:<nonce | ciphertext | tag, base64url>`, AES-256-GCM with a random 96-bit nonce.
 */
const PREFIX = 'enc:v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
// Binds the ciphertext to its use: a sealed value cannot be replayed as a file key or vice versa.
const ASSOCIATED_DATA = Buffer.from('portal:value:v1');

export function isSealedValue(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

export function keyIdOfSealedValue(value: string): string | null {
  if (!isSealedValue(value)) return null;
  return value.slice(PREFIX.length).split(':')[0] ?? null;
}

/**
 * Seals under the keyring's active key. `associatedData` binds the value to its use: the Aadhaar vault
 * passes its own (with the row's reference), so none of its values opens as another's or elsewhere.
 */
export function sealValue(keyring: Keyring, plaintext: string, associatedData = ASSOCIATED_DATA): string {
  const { id, key } = keyring.active();
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(associatedData);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${PREFIX}${id}:${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url')}`;
}

/** The plaintext of a sealed value; throws when the key is unknown or the value was tampered with. */
export function openValue(keyring: Keyring, sealed: string, associatedData = ASSOCIATED_DATA): string {
  const [id, payload] = sealed.slice(PREFIX.length).split(':');
  const dataKey = id ? keyring.find(id) : undefined;
  if (!isSealedValue(sealed) || !dataKey || !payload)
    throw new EncryptionKeyError('A stored value cannot be decrypted.');
  const bytes = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', dataKey.key, bytes.subarray(0, NONCE_BYTES));
  decipher.setAAD(associatedData);
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
