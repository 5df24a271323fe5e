import type { FileEntry } from '@portal/contract/files';

/** A link this close to its end is fetched afresh rather than followed (it may expire on the way). */
const LINK_MARGIN_MS = 60_000;

/**
 * For a query's `refetchInterval`: list the files again shortly before the first of their signed
 * download links expires, so every link on screen works when clicked.
 */
export function refreshBeforeLinksExpire(
  files: Pick<FileEntry, 'download_url_expires_at'>[] | undefined,
): number | false {
  const ends = (files ?? []).map((file) => Date.parse(file.download_url_expires_at));
  if (ends.length === 0) return false;
  return Math.max(5_000, Math.min(...ends) - Date.now() - LINK_MARGIN_MS);
}

/** Whether a file's link is too close to its end to follow now. */
export const isLinkStale = (file: FileEntry) => Date.parse(file.download_url_expires_at) - Date.now() < LINK_MARGIN_MS;

/** Whether a signed link that ends at `expiresAt` (ISO time) is too close to its end to follow now. */
export const isExpiryNear = (expiresAt: string) => Date.parse(expiresAt) - Date.now() < LINK_MARGIN_MS;

/** Starts a download from a link, as a click on a plain link would (streamed to disk by the browser). */
export function followDownload(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
