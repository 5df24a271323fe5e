import { type DocumentType, documentPathSegment } from '@portal/contract/documents';
import { defineSignedLinks } from '../../http/signed-links.js';

// An `<img src>` or a link opened right away: minutes are enough, and a leaked link soon dies. The
// link also names the user it was made for, whose right to the owner is checked again when it is used.
export const DOCUMENT_LINK_TTL_SECONDS = 5 * 60;

const DOCUMENT_LINKS = defineSignedLinks(
  DOCUMENT_LINK_TTL_SECONDS,
  (pathname: string, viewerId, expires) => `document\n${pathname}\n${viewerId}\n${expires}`,
);

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
  return `${pathname}?${DOCUMENT_LINKS.sign(appKey, pathname, viewerId, now).query}`;
}

export const checkDocumentLink = DOCUMENT_LINKS.check;
