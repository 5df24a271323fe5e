import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pinDirName, readPinDir } from '../storage/backup-pins.js';
import { ensurePrivateDir } from '../storage/private-paths.js';
import { resolveIn } from './backup-format.js';

/**
 * Hard links that hold a snapshot's stored files while they are copied (docs/decisions/0016): once
 * pinned, a file the portal deletes keeps its bytes here until the backup ends. They live in
 * `DATA_DIR/tmp/backup-<pid>-<random>/`: DATA_DIR/tmp is on the stored files' disk already (uploads are
 * renamed from it into place), so a link always works there.
 */
export type FilePins = {
  /** The pins' own folder (the backup keeps its working lists there too). */
  root: string;
  pathOf(relative: string): string;
  /** `missing`: the file is not in DATA_DIR (deleted since the snapshot, or lost). */
  pin(relative: string): Promise<'pinned' | 'missing'>;
  remove(): Promise<void>;
};

// Link refused by the file system (no hard links there): a copy holds the bytes as well, only slower.
const NO_LINK = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK']);

const isPinned = (target: string) =>
  fs.access(target).then(
    () => true,
    () => false,
  );

/** Pins of a backup that was killed: they would keep deleted files' bytes on disk for ever. */
async function removeAbandonedPins(tempDir: string): Promise<void> {
  const entries = await fs.readdir(tempDir).catch(() => [] as string[]);
  for (const entry of entries) {
    if (readPinDir(entry) === 'abandoned') await fs.rm(path.join(tempDir, entry), { recursive: true, force: true });
  }
}

export async function createFilePins(dataDir: string): Promise<FilePins> {
  const tempDir = path.join(dataDir, 'tmp');
  await ensurePrivateDir(tempDir);
  await removeAbandonedPins(tempDir);
  const root = path.join(tempDir, pinDirName(process.pid, randomBytes(6).toString('hex')));
  await ensurePrivateDir(root);
  // Each folder made once, even when several of its files are pinned at the same time.
  const made = new Map<string, Promise<void>>();
  const pathOf = (relative: string) => resolveIn(root, relative);

  return {
    root,
    pathOf,
    async pin(relative) {
      const source = resolveIn(dataDir, relative);
      const target = pathOf(relative);
      const parent = path.dirname(target);
      if (!made.has(parent)) made.set(parent, ensurePrivateDir(parent));
      await made.get(parent);
      try {
        await fs.link(source, target);
        return 'pinned';
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        // Pinned by an earlier attempt: store names are random and never reused, so it is the same file.
        if (code === 'EEXIST') return 'pinned';
        // Gone from DATA_DIR: the portal may have handed it over before removing it (storage/backup-pins.ts).
        if (code === 'ENOENT') return (await isPinned(target)) ? 'pinned' : 'missing';
        if (!NO_LINK.has(code)) throw error;
      }
      try {
        await fs.copyFile(source, target, fs.constants.COPYFILE_EXCL);
        return 'pinned';
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return (await isPinned(target)) ? 'pinned' : 'missing';
        throw error;
      }
    },
    // Retried: the portal may be linking a file it deletes into these folders while they are removed.
    remove: () => fs.rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }),
  };
}
