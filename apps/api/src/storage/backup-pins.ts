import fsp from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE } from './private-paths.js';

/**
 * A running backup keeps the files of its database snapshot in `DATA_DIR/tmp/backup-<pid>-<random>/`
 * (hard links, docs/decisions/0016). Before the portal removes a stored file it links the file into
 * every such folder, so a file that a snapshot names is never missing when the backup pins it, however
 * busy the portal is.
 */
const PIN_DIR_PATTERN = /^backup-(\d+)-[a-f0-9]+$/;

export function pinDirName(pid: number, random: string): string {
  return `backup-${pid}-${random}`;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** For a folder of `DATA_DIR/tmp`: whether it is a backup's pins, and whether that backup still runs. */
export function readPinDir(entry: string): 'running' | 'abandoned' | null {
  const match = PIN_DIR_PATTERN.exec(entry);
  if (!match) return null;
  return isRunning(Number(match[1])) ? 'running' : 'abandoned';
}

/** Makes each folder of `relative`'s path below `pinRoot`, never `pinRoot` itself: a finished backup stays gone. */
async function makeFoldersBelow(pinRoot: string, relative: string): Promise<void> {
  let folder = pinRoot;
  for (const segment of path.dirname(relative).split('/')) {
    if (segment === '.' || segment === '') continue;
    folder = path.join(folder, segment);
    try {
      await fsp.mkdir(folder, { mode: PRIVATE_DIR_MODE });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * Links the stored file at `file` (`relative` below DATA_DIR) into every running backup's pins. Called
 * after the deletion of its row committed and before the file is removed: a backup whose snapshot names
 * the file made its folder before that snapshot, hence before this call (docs/decisions/0016). A killed
 * backup's folder is passed over: it would keep deleted files' bytes until the next backup removes it.
 */
export async function handFileToBackups(tempDir: string, file: string, relative: string): Promise<void> {
  let entries: string[];
  try {
    entries = await fsp.readdir(tempDir);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (readPinDir(entry) !== 'running') continue;
    const pinRoot = path.join(tempDir, entry);
    try {
      await makeFoldersBelow(pinRoot, relative);
      await fsp.link(file, path.join(pinRoot, relative));
    } catch {
      // Nothing to hand over (already pinned: EEXIST; the backup ended: ENOENT), or no link possible: the
      // deletion goes on, and the backup finds the file missing and takes its snapshot again.
    }
  }
}
