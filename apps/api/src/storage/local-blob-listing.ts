import type { Dir } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { assertBlobFolder, type BlobEntry, isBlobFolder, isBlobKey, LIST_PAGE_SIZE } from './blob-store.js';

/**
 * The blobs below `folder` of a local store (`root` is DATA_DIR), a page at a time. Folders are read with
 * `opendir`, a few entries at a time, so a client folder of a million files is never one array. Only
 * regular files are listed and only real folders entered (never a link), so the walk stays inside
 * `root/<folder>`: `DATA_DIR/tmp`, where uploads are staged and backups pin their files, is never seen.
 */
export async function* listLocalBlobs(
  root: string,
  folder: string,
  pageSize = LIST_PAGE_SIZE,
): AsyncGenerator<BlobEntry[]> {
  assertBlobFolder(folder);
  let page: BlobEntry[] = [];
  for await (const entry of walkFolder(root, folder)) {
    page.push(entry);
    if (page.length >= pageSize) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

async function* walkFolder(root: string, folder: string): AsyncGenerator<BlobEntry> {
  let dir: Dir;
  try {
    dir = await fsp.opendir(path.join(root, ...folder.split('/')));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return;
    throw error;
  }
  // `for await` closes the folder however the walk ends.
  for await (const entry of dir) {
    const key = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (isBlobFolder(key)) yield* walkFolder(root, key);
      continue;
    }
    if (!entry.isFile() || !isBlobKey(key)) continue;
    // Removed since the folder was read (a deletion, or another sweep): nothing to list.
    const stats = await fsp.lstat(path.join(root, ...key.split('/'))).catch(() => null);
    if (stats?.isFile()) yield { key, lastModified: stats.mtime };
  }
}
