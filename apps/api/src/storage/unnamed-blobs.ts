import type { BlobStore } from './blob-store.js';

export type UnnamedBlobSweep = {
  /** Only blobs last written before this go: a younger one may belong to an upload whose row is not yet written. */
  writtenBefore: Date;
  /**
   * Which of these keys to keep: those a row names, by an indexed lookup of the batch (never the whole
   * table), and those the portal never makes.
   */
  findNamed(keys: string[]): Promise<Set<string>>;
};

/**
 * Removes the blobs below `folder` that no row names and that are older than `writtenBefore`: what a
 * crash between storing an upload and writing its row leaves behind (docs/decisions/0013). Each page is
 * checked against the database as it is listed, so memory holds one page whatever the store's size.
 * A blob whose row was deleted is not unnamed: its tombstone keeps it for the backup window (the caller
 * counts tombstoned keys as named, storage/removed-blobs.ts). Answers how many it removed.
 */
export async function removeUnnamedBlobs(blobs: BlobStore, folder: string, sweep: UnnamedBlobSweep): Promise<number> {
  const cutoff = sweep.writtenBefore.getTime();
  let removed = 0;
  for await (const page of blobs.list(folder)) {
    const old = page.filter((blob) => blob.lastModified.getTime() < cutoff).map((blob) => blob.key);
    if (old.length === 0) continue;
    const named = await sweep.findNamed(old);
    for (const key of old) {
      if (named.has(key)) continue;
      await blobs.remove(key);
      removed += 1;
    }
  }
  return removed;
}
