import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_BASE_PATH } from '@portal/contract/envelope';
import { FILE_PATHS } from '@portal/contract/files';

// A browser follows a plain link to download (streaming straight to disk), so the link carries a
// short-lived signature naming the user it was made for; access is checked again when it is used.
export const FILE_LINK_TTL_SECONDS = 10 * 60;

function signature(appKey: string, fileId: number, userId: number, expires: number): string {
  return createHmac('sha256', appKey).update(`file:${fileId}:${userId}:${expires}`).digest('base64url');
}

/** A download link for one user, and the moment it stops working. */
export function signFileLink(
  appKey: string,
  fileId: number,
  userId: number,
  now: Date,
): { url: string; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + FILE_LINK_TTL_SECONDS;
  return {
    url: `${API_BASE_PATH}${FILE_PATHS.download(fileId)}?u=${userId}&expires=${expires}&sig=${signature(appKey, fileId, userId, expires)}`,
    expiresAt: new Date(expires * 1000),
  };
}

export function checkFileLink(
  appKey: string,
  fileId: number,
  query: { u: number; expires: number; sig: string },
  now: Date,
): 'valid' | 'expired' | 'invalid' {
  const expected = Buffer.from(signature(appKey, fileId, query.u, query.expires));
  const given = Buffer.from(query.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const seconds = now.getTime() / 1000;
  // No link this server makes lives longer; a later expiry was not made here (a minute for clock skew).
  if (query.expires > seconds + FILE_LINK_TTL_SECONDS + 60) return 'invalid';
  return seconds > query.expires ? 'expired' : 'valid';
}
