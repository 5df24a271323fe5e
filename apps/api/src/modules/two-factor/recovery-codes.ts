import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@portal/contract/two-factor';

// No 0/O, 1/l/i: a code is read off paper and typed by hand.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of ten characters (about 49 bits each), shown once as `xxxxx-xxxxx`. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${characters.slice(0, 5)}-${characters.slice(5)}`;
  });
}

/** What is stored: the SHA-256 of the code as typed any way (case, spaces, hyphen do not matter). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{10}$/.test(code.toLowerCase().replace(/[\s-]/g, ''));
}
