import { createHmac, timingSafeEqual } from 'node:crypto';
import { type DocumentType, documentPathSegment } from '@portal/contract/documents';

// An `<img src>` or a link opened right away: minutes are enough, and a leaked link soon dies. The
// link also names the user it was made for, whose right to the owner is checked again when it is used.
export const DOCUMENT_LINK_TTL_SECONDS = 5 * 60;

function signature(appKey: string, pathname: string, viewerId: number, expires: number): string {
  return createHmac('sha256', appKey).update(`document\n${pathname}\n${viewerId}\n${expires}`).digest('base64url');
}

export function documentPathOf(type: DocumentType, storeName: string): string {
  return `/document/${documentPathSegment(type)}/${storeName}`;
}

/** The path with the viewer, an expiry and their HMAC. */
export function signDocumentLink(
  appKey: string,
  document: { type: DocumentType; storeName: string },
  viewerId: number,
  now: Date,
): string {
  const pathname = documentPathOf(document.type, document.storeName);
  const expires = Math.floor(now.getTime() / 1000) + DOCUMENT_LINK_TTL_SECONDS;
  return `${pathname}?u=${viewerId}&expires=${expires}&sig=${signature(appKey, pathname, viewerId, expires)}`;
}

type LinkCheck = 'valid' | 'expired' | 'invalid';

export function checkDocumentLink(
  appKey: string,
  pathname: string,
  query: { u: number; expires: number; sig: string },
  now: Date,
): LinkCheck {
  const expected = Buffer.from(signature(appKey, pathname, query.u, query.expires));
  const given = Buffer.from(query.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const seconds = now.getTime() / 1000;
  // No link this server makes lives longer; a later expiry was not made here (a minute for clock skew).
  if (query.expires > seconds + DOCUMENT_LINK_TTL_SECONDS + 60) return 'invalid';
  return seconds > query.expires ? 'expired' : 'valid';
}
