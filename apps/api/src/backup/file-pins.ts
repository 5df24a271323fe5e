import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
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

const PIN_DIR = /^backup-(\d+)-[a-f0-9]+$/;
// Link refused by the file system (no hard links there): a copy holds the bytes as well, only slower.
const NO_LINK = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK']);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Pins of a backup that was killed: they would keep deleted files' bytes on disk for ever. */
async function removeAbandonedPins(tempDir: string): Promise<void> {
  const entries = await fs.readdir(tempDir).catch(() => [] as string[]);
  for (const entry of entries) {
    const match = PIN_DIR.exec(entry);
    if (match && !isRunning(Number(match[1]))) await fs.rm(path.join(tempDir, entry), { recursive: true, force: true });
  }
}

export async function createFilePins(dataDir: string): Promise<FilePins> {
  const tempDir = path.join(dataDir, 'tmp');
  await ensurePrivateDir(tempDir);
  await removeAbandonedPins(tempDir);
  const root = path.join(tempDir, `backup-${process.pid}-${randomBytes(6).toString('hex')}`);
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
        if (code === 'ENOENT') return 'missing';
        if (!NO_LINK.has(code)) throw error;
      }
      try {
        await fs.copyFile(source, target, fs.constants.COPYFILE_EXCL);
        return 'pinned';
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
        throw error;
      }
    },
    remove: () => fs.rm(root, { recursive: true, force: true }),
  };
}
