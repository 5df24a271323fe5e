import { hkdfSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Keyring } from '../encryption/keyring.js';

/**
 * The secret that signs download and document links: `APP_KEY`, or derived from the active data key
 * (docs/security.md). Never a file beside the data: whoever copies DATA_DIR without the data key must
 * not be able to sign a link to the files either. A rotation of the data key changes it, which only
 * ends links made before (they live minutes).
 */
export function resolveAppKey(configured: string | undefined, keyring: Keyring): string {
  if (configured) return configured;
  const derived = hkdfSync('sha256', keyring.active().key, Buffer.alloc(0), 'portal:signed-links:v1', 32);
  return Buffer.from(derived).toString('base64url');
}

/** Earlier versions kept the signing key in `DATA_DIR/app-key`; it signs nothing now, so it goes. */
export function removeFormerAppKeyFile(dataDir: string): boolean {
  const file = path.join(dataDir, 'app-key');
  if (!fs.existsSync(file)) return false;
  fs.rmSync(file, { force: true });
  return true;
}
