import { createHmac, timingSafeEqual } from 'node:crypto';
import { type DocumentType, documentPathSegment } from '@portal/contract/documents';

// Long enough to read a page and open its files, short enough that a leaked link soon dies.
export const DOCUMENT_LINK_TTL_SECONDS = 30 * 60;

function signature(appKey: string, pathname: string, expires: number): string {
  return createHmac('sha256', appKey).update(`${pathname}\n${expires}`).digest('base64url');
}

export function documentPathOf(type: DocumentType, storeName: string): string {
  return `/document/${documentPathSegment(type)}/${storeName}`;
}

/** A link an `<img src>` or `<a href>` can use: the path with an expiry and its HMAC. */
export function signDocumentLink(appKey: string, type: DocumentType, storeName: string, now: Date): string {
  const pathname = documentPathOf(type, storeName);
  const expires = Math.floor(now.getTime() / 1000) + DOCUMENT_LINK_TTL_SECONDS;
  return `${pathname}?expires=${expires}&sig=${signature(appKey, pathname, expires)}`;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

export function checkDocumentLink(
  appKey: string,
  pathname: string,
  expires: number,
  sig: string,
  now: Date,
): LinkCheck {
  const expected = Buffer.from(signature(appKey, pathname, expires));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return now.getTime() / 1000 > expires ? 'expired' : 'valid';
}
