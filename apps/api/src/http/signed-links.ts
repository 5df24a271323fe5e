import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links a browser follows without the session's header (a download, an `<img src>`): each names the user
 * it was made for, an expiry and an HMAC of both with what it opens. Access is checked again when used.
 */
export type SignedLinkQuery = { u: number; expires: number; sig: string };
export type SignedLinkCheck = 'valid' | 'expired' | 'invalid';

/** The signature of what a link names (its kind, what it opens, the user, the expiry), with the app's key. */
export function signLinkText(appKey: string, text: string): string {
  return createHmac('sha256', appKey).update(text).digest('base64url');
}

/** The expiry (Unix seconds) a link made now carries. */
export function expiryOfSignedLink(now: Date, ttlSeconds: number): number {
  return Math.floor(now.getTime() / 1000) + ttlSeconds;
}

/** A followed link against the signature it should carry (`expected`, made from its own query). */
export function checkSignedLink(
  expected: string,
  query: SignedLinkQuery,
  ttlSeconds: number,
  now: Date,
): SignedLinkCheck {
  const wanted = Buffer.from(expected);
  const given = Buffer.from(query.sig);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) return 'invalid';
  const seconds = now.getTime() / 1000;
  // No link this server makes lives longer; a later expiry was not made here (a minute for clock skew).
  if (query.expires > seconds + ttlSeconds + 60) return 'invalid';
  return seconds > query.expires ? 'expired' : 'valid';
}
