import { createHash, randomBytes } from 'node:crypto';

export const TOKEN_IDLE_LIFETIME_MS = 12 * 60 * 60 * 1000;
export const TOKEN_ABSOLUTE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
// Writing last_used_at on every request would turn each read into a write.
export const TOKEN_TOUCH_INTERVAL_MS = 60 * 1000;

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function readBearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
  return match?.[1];
}
