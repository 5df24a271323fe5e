import { type DocumentType, documentPathSegment } from '@portal/contract/documents';
import {
  checkSignedLink,
  expiryOfSignedLink,
  type SignedLinkCheck,
  type SignedLinkQuery,
  signLinkText,
} from '../../http/signed-links.js';

// An `<img src>` or a link opened right away: minutes are enough, and a leaked link soon dies. The
// link also names the user it was made for, whose right to the owner is checked again when it is used.
export const DOCUMENT_LINK_TTL_SECONDS = 5 * 60;

function signature(appKey: string, pathname: string, viewerId: number, expires: number): string {
  return signLinkText(appKey, `document\n${pathname}\n${viewerId}\n${expires}`);
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
  const expires = expiryOfSignedLink(now, DOCUMENT_LINK_TTL_SECONDS);
  return `${pathname}?u=${viewerId}&expires=${expires}&sig=${signature(appKey, pathname, viewerId, expires)}`;
}

export function checkDocumentLink(
  appKey: string,
  pathname: string,
  query: SignedLinkQuery,
  now: Date,
): SignedLinkCheck {
  return checkSignedLink(signature(appKey, pathname, query.u, query.expires), query, DOCUMENT_LINK_TTL_SECONDS, now);
}
