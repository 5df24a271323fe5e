import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE } from './private-paths.js';

/**
 * A running backup keeps the files of its database snapshot in
 * `DATA_DIR/tmp/backup-<pid>-<start>-<random>/` (hard links, docs/decisions/0016). Before the portal
 * removes a stored file it links the file into every such folder whose backup still runs, so a file that
 * a snapshot names is never missing when the backup pins it, however busy the portal is.
 *
 * "Still runs" is the process id and its start time (`/proc/<pid>/stat`), not the id alone: a killed
 * backup's id is reused in time by another process, and the portal would then keep every file it
 * deletes in a folder nobody removes. Where the start time cannot be read (no `/proc`, another PID
 * namespace), a folder counts as abandoned: the portal hands nothing over, and the backup takes its
 * snapshot again instead (the slower way, but no bytes kept behind).
 */
const PIN_DIR_PATTERN = /^backup-(\d+)-(\d+)-[a-f0-9]+$/;
// Named by earlier versions, without the start time: removed once their process is gone, never fed.
const LEGACY_PIN_DIR_PATTERN = /^backup-(\d+)-[a-f0-9]+$/;

/** When a process started, in clock ticks since boot (Linux), or null when it cannot be read. */
function readStartTime(pid: number): string | null {
  try {
    // The command name may hold spaces or parentheses: the fields follow its last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

export function pinDirName(pid: number, random: string): string {
  return `backup-${pid}-${readStartTime(pid) ?? 0}-${random}`;
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
export function readPinDir(entry: string): 'running' | 'legacy' | 'abandoned' | null {
  const match = PIN_DIR_PATTERN.exec(entry);
  if (match) {
    const start = readStartTime(Number(match[1]));
    return start !== null && start === match[2] ? 'running' : 'abandoned';
  }
  const legacy = LEGACY_PIN_DIR_PATTERN.exec(entry);
  if (!legacy) return null;
  return isRunning(Number(legacy[1])) ? 'legacy' : 'abandoned';
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
