import fsp from 'node:fs/promises';

/** fsync through a fresh descriptor: it reaches the file or folder whichever descriptor wrote it. */
async function syncPath(target: string): Promise<void> {
  const handle = await fsp.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes a file's data and size out to the disk, not just to the page cache. */
export function syncFile(file: string): Promise<void> {
  return syncPath(file);
}

/** Writes a folder's entries out: a rename or a new file is durable only once its folder is synced. */
export function syncDirectory(dir: string): Promise<void> {
  return syncPath(dir);
}
