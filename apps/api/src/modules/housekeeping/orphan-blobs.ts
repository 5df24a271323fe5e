import type { AppContext } from '../../app-context.js';
import { findRemovedBlobKeys } from '../../storage/removed-blobs.repository.js';
import { removeUnnamedBlobs } from '../../storage/unnamed-blobs.js';
import { findKeysNamedByFiles } from '../files/file-reads.service.js';
import { findKeysNamedByDocuments } from '../users/user-reads.service.js';

type OrphanBlobsRemoved = { files: number; documents: number };

/**
 * Beyond the request time limit: storing a large staged upload in a slow bucket happens after the request
 * arrived, and a bucket may date a multipart object from when its upload began.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/**
 * Removes stored files that no row names: an upload is stored before its row is written, so a crash
 * (kill -9, power cut) in between leaves its encrypted blob for ever (docs/decisions/0013). Only blobs
 * older than the request time limit and an hour's grace go: a younger one may be an upload whose row is
 * still being written. Only `files/` and `documents/` are walked; `DATA_DIR/tmp` (staged uploads, backups' pins) is
 * not the store's. Logs how many, never a name.
 */
/** A removed file waits out the backup window under its tombstone: not an orphan, whatever its age. */
async function keepTombstoned(
  context: Pick<AppContext, 'db'>,
  keys: string[],
  named: Promise<Set<string>>,
): Promise<Set<string>> {
  const [rowNamed, tombstoned] = await Promise.all([named, findRemovedBlobKeys(context.db, keys)]);
  return new Set([...rowNamed, ...tombstoned]);
}

export async function removeOrphanBlobs(
  context: Pick<AppContext, 'db' | 'clock' | 'config' | 'log' | 'blobs' | 'files' | 'documents'>,
): Promise<OrphanBlobsRemoved> {
  const writtenBefore = new Date(context.clock.now().getTime() - context.config.requestTimeoutMs - ORPHAN_GRACE_MS);
  const removed: OrphanBlobsRemoved = {
    files: await removeUnnamedBlobs(context.blobs, 'files', {
      writtenBefore,
      findNamed: (keys) => keepTombstoned(context, keys, findKeysNamedByFiles(context, keys)),
    }),
    documents: await removeUnnamedBlobs(context.blobs, 'documents', {
      writtenBefore,
      findNamed: (keys) => keepTombstoned(context, keys, findKeysNamedByDocuments(context, keys)),
    }),
  };
  const count = removed.files + removed.documents;
  if (count > 0) context.log.info(removed, `Removed ${count} stored file(s) that no row names (left by a crash)`);
  return removed;
}
