import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * TOTP as RFC 6238 defines it, with what authenticator apps expect: HMAC-SHA-1, 6 digits, 30-second
 * steps, codes of the step before and after accepted for clock drift. node:crypto only
 * (docs/decisions/0018): the algorithm is twenty lines and the usual packages are unmaintained.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
const SECRET_BYTES = 20;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function encodeBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return text;
}

export function decodeBase32(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const character of clean) {
    const index = BASE32.indexOf(character);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new secret: 160 random bits (RFC 4226's recommended length), base32 as apps take it. */
export function generateTotpSecret(): string {
  return encodeBase32(randomBytes(SECRET_BYTES));
}

export function totpStepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** The code of one time step (RFC 4226 section 5.3: HMAC, dynamic truncation, modulo 10^digits). */
export function computeTotp(
  key: Buffer,
  step: number,
  options: { digits?: number; algorithm?: 'sha1' | 'sha256' | 'sha512' } = {},
): string {
  const digits = options.digits ?? TOTP_DIGITS;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac(options.algorithm ?? 'sha1', key)
    .update(counter)
    .digest();
  const offset = (hmac[hmac.length - 1] as number) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/**
 * The time step a code belongs to (now, one before or one after), or null. Steps at or before
 * `notAfterStep` are refused: each code works once (RFC 6238 section 5.2).
 */
export function matchTotp(secret: string, code: string, at: Date, notAfterStep: number | null = null): number | null {
  const typed = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(typed)) return null;
  const key = decodeBase32(secret);
  const now = totpStepAt(at);
  for (const step of [now - 1, now, now + 1]) {
    if (notAfterStep !== null && step <= notAfterStep) continue;
    if (timingSafeEqual(Buffer.from(computeTotp(key, step)), Buffer.from(typed))) return step;
  }
  return null;
}

/** The otpauth URI authenticator apps read from the QR code (Google Authenticator's key URI format). */
export function buildOtpauthUri(secret: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
