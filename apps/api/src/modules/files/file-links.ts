import { API_BASE_PATH } from '@portal/contract/envelope';
import { FILE_PATHS } from '@portal/contract/files';
import {
  checkSignedLink,
  expiryOfSignedLink,
  type SignedLinkCheck,
  type SignedLinkQuery,
  signLinkText,
} from '../../http/signed-links.js';

// A browser follows a plain link to download (streaming straight to disk), so the link carries a
// short-lived signature naming the user it was made for; access is checked again when it is used.
export const FILE_LINK_TTL_SECONDS = 10 * 60;

function signature(appKey: string, fileId: number, userId: number, expires: number): string {
  return signLinkText(appKey, `file:${fileId}:${userId}:${expires}`);
}

/** A download link for one user, and the moment it stops working. */
export function signFileLink(
  appKey: string,
  fileId: number,
  userId: number,
  now: Date,
): { url: string; expiresAt: Date } {
  const expires = expiryOfSignedLink(now, FILE_LINK_TTL_SECONDS);
  return {
    url: `${API_BASE_PATH}${FILE_PATHS.download(fileId)}?u=${userId}&expires=${expires}&sig=${signature(appKey, fileId, userId, expires)}`,
    expiresAt: new Date(expires * 1000),
  };
}

export function checkFileLink(appKey: string, fileId: number, query: SignedLinkQuery, now: Date): SignedLinkCheck {
  return checkSignedLink(signature(appKey, fileId, query.u, query.expires), query, FILE_LINK_TTL_SECONDS, now);
}
