import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { recordRemovedBlob } from '../../storage/removed-blobs.js';
import {
  countFilesOfClient,
  deleteTrashEntriesOfClient,
  type FileDateRow,
  listEntriesNoRowNames,
  listFileDatesOfClient,
  listFoldersOfClientDeepestFirst,
} from './file-erasure.repository.js';
import { deleteTrashEntries } from './file-trash.repository.js';
import {
  deleteFilesAndVersions,
  deleteFoldersDeepestFirst,
  listEntriesOfRows,
  listFilesToPurge,
  listVersionBlobsOf,
} from './file-trash-purge.repository.js';

export type { FileDateRow };

/** A client's files as its erasure sorts them (the `retention` module): kept by the year uploaded, or purged. */
export function listFilesOfClientForRetention(db: Kysely<DB>, clientId: number): Promise<FileDateRow[]> {
  return listFileDatesOfClient(db, clientId);
}

/**
 * Purges files of an erased client, in the caller's transaction: every version, their request links and
 * trash entries; each blob gets a tombstone, removed after the backup window (storage/removed-blobs.ts),
 * as the trash's purge does. Once the client has no file left, its folders and trash go too (their names
 * were the client's). Answers how many files went.
 */
export async function purgeFilesOfErasedClient(
  context: Pick<AppContext, 'files'>,
  db: Kysely<DB>,
  clientId: number,
  fileIds: readonly number[],
  at: Date,
): Promise<number> {
  const files = (await listFilesToPurge(db, { fileIds, folderIds: [] })).filter((file) => file.client_id === clientId);
  const ids = files.map((file) => file.id);
  const versions = await listVersionBlobsOf(db, ids);
  for (const blob of [...files, ...versions])
    await recordRemovedBlob(db, context.files.keyOf(blob.client_id, blob.store_name), at);
  const entries = await listEntriesOfRows(db, { fileIds: ids, folderIds: [] });
  await deleteFilesAndVersions(db, ids);
  await deleteTrashEntries(db, await listEntriesNoRowNames(db, entries));
  if ((await countFilesOfClient(db, clientId)) === 0) {
    await deleteTrashEntriesOfClient(db, clientId);
    await deleteFoldersDeepestFirst(db, await listFoldersOfClientDeepestFirst(db, clientId));
  }
  return ids.length;
}
