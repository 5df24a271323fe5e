import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { BlobStore } from './blob-store.js';
import { deleteRemovedBlob, insertRemovedBlob, listRemovedBlobsBefore } from './removed-blobs.repository.js';

/**
 * Deleting a stored file's row never removes its blob at once: it leaves a tombstone, in the same
 * transaction, and the blob goes once the tombstone is older than the backup window (a day by default,
 * `REMOVED_FILES_KEPT_HOURS`). A backup running meanwhile finds every file its snapshot names, without
 * pins or retries (docs/decisions/0016); the same tombstones are what a trash would restore from.
 */
export function recordRemovedBlob(db: Kysely<DB>, key: string, at: Date): Promise<void> {
  return insertRemovedBlob(db, key, at.toISOString());
}

const BATCH = 500;

/** Removes the blobs whose tombstones are older than `before`, then their tombstones; answers how many. */
export async function purgeRemovedBlobs(db: Kysely<DB>, blobs: BlobStore, before: Date): Promise<number> {
  let purged = 0;
  for (;;) {
    const batch = await listRemovedBlobsBefore(db, before.toISOString(), BATCH);
    for (const tombstone of batch) {
      // A blob already gone (removed by hand, an earlier pass cut short) is no error: removal is idempotent.
      await blobs.remove(tombstone.blob_key);
      await deleteRemovedBlob(db, tombstone.id);
      purged += 1;
    }
    if (batch.length < BATCH) return purged;
  }
}
