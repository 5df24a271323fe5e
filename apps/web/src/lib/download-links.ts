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
