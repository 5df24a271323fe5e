import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_BASE_PATH } from '@portal/contract/envelope';

/**
 * Links a browser follows without the session's header (a download, an `<img src>`): each names the user
 * it was made for, an expiry and an HMAC of both with what it opens. Access is checked again when used.
 */
type SignedLinkQuery = { u: number; expires: number; sig: string };
type SignedLinkCheck = 'valid' | 'expired' | 'invalid';

/**
 * One kind of signed link: how long it lives, and the text its signature covers (`textOf`: what the link
 * opens, for whom, until when), written so that no two kinds of link can sign the same text.
 */
export function defineSignedLinks<Subject>(
  ttlSeconds: number,
  textOf: (subject: Subject, userId: number, expires: number) => string,
) {
  const signatureOf = (appKey: string, subject: Subject, userId: number, expires: number) =>
    createHmac('sha256', appKey)
      .update(textOf(subject, userId, expires))
      .digest('base64url');
  /** A link's query for one user (`u`, `expires`, `sig`), and its expiry in Unix seconds. */
  const sign = (appKey: string, subject: Subject, userId: number, now: Date): { query: string; expires: number } => {
    const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
    return { query: `u=${userId}&expires=${expires}&sig=${signatureOf(appKey, subject, userId, expires)}`, expires };
  };
  return {
    sign,
    /** The signed link to `path` under the API (what the subject opens), and the moment it stops working. */
    signApiLink(
      appKey: string,
      subject: Subject,
      userId: number,
      now: Date,
      path: string,
    ): { url: string; expiresAt: Date } {
      const link = sign(appKey, subject, userId, now);
      return { url: `${API_BASE_PATH}${path}?${link.query}`, expiresAt: new Date(link.expires * 1000) };
    },
    check(appKey: string, subject: Subject, query: SignedLinkQuery, now: Date): SignedLinkCheck {
      const expected = Buffer.from(signatureOf(appKey, subject, query.u, query.expires));
      const given = Buffer.from(query.sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      const seconds = now.getTime() / 1000;
      // No link this server makes lives longer; a later expiry was not made here (a minute for clock skew).
      if (query.expires > seconds + ttlSeconds + 60) return 'invalid';
      return seconds > query.expires ? 'expired' : 'valid';
    },
  };
}
