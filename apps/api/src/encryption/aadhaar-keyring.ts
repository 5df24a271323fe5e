import path from 'node:path';
import { EncryptionKeyError, type Keyring, openKeyring } from './keyring.js';

/**
 * The Aadhaar vault's own keys (docs/security.md, docs/decisions/0044): `AADHAAR_KEY` (one or more
 * 32-byte keys, the first active), or key files generated beside the data key's, in
 * `DATA_DIR/keys/aadhaar/`. Never a data key: a copy of the database with the data key alone opens no
 * Aadhaar number.
 */
export function aadhaarKeysDirOf(dataDir: string): string {
  return path.join(dataDir, 'keys', 'aadhaar');
}

export function loadAadhaarKeyring(
  options: { aadhaarKey: string | undefined; dataDir: string },
  dataKeyring: Keyring,
): Keyring {
  const keyring = openKeyring({
    keys: options.aadhaarKey,
    keysDir: aadhaarKeysDirOf(options.dataDir),
    variable: 'AADHAAR_KEY',
  });
  const dataKeyIds = new Set(dataKeyring.list().map((key) => key.id));
  if (keyring.list().some((key) => dataKeyIds.has(key.id)))
    throw new EncryptionKeyError(
      'The Aadhaar key is also a data key: give AADHAAR_KEY a key of its own (openssl rand -base64 32).',
    );
  return keyring;
}
