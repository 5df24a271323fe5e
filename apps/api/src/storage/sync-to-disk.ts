import fsp from 'node:fs/promises';

/**
 * Writes a file's data and size out to the disk, not just to the page cache (fsync reaches the file
 * whichever descriptor asks, so a read-only one does).
 */
export async function syncFile(file: string): Promise<void> {
  const handle = await fsp.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes a folder's entries out: a rename or a new file is durable only once its folder is synced. */
export async function syncDirectory(dir: string): Promise<void> {
  // The same call as for a file: a folder opened read-only syncs its entries.
  await syncFile(dir);
}
