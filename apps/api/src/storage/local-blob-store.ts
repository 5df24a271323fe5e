import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobReader, type BlobStore } from './blob-store.js';
import { listLocalBlobs } from './local-blob-listing.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-paths.js';
import { syncDirectory, syncFile } from './sync-to-disk.js';

/**
 * Blobs as files under `root` (DATA_DIR), one folder per key segment, private to the server's user.
 * A blob arrives by rename from `tempDir` (same disk: atomic), after its data is synced; the folder is
 * synced after the rename, so an acknowledged upload survives a power cut (docs/deployment.md).
 */
export function createLocalBlobStore(root: string, tempDir: string): BlobStore {
  const pathOf = (key: string) => {
    assertBlobKey(key);
    return path.join(root, ...key.split('/'));
  };
  /** The blob's folder, created private when missing; a new folder's own entry is synced too. */
  const ensureFolder = async (dir: string) => {
    const created = await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    await fsp.chmod(dir, PRIVATE_DIR_MODE);
    if (created) await syncDirectory(path.dirname(created));
  };
  const moveIntoPlace = async (temporary: string, key: string) => {
    const target = pathOf(key);
    await ensureFolder(path.dirname(target));
    await fsp.rename(temporary, target);
    await syncDirectory(path.dirname(target));
  };

  return {
    kind: 'local',
    async open(key, headBytes) {
      const handle = await fsp.open(pathOf(key), 'r');
      try {
        const size = (await handle.stat()).size;
        const head = Buffer.alloc(Math.min(headBytes, size));
        if (head.length > 0) await handle.read(head, 0, head.length, 0);
        return openReader(handle, size, head);
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async putFile(key, stagedPath) {
      await syncFile(stagedPath);
      await moveIntoPlace(stagedPath, key);
      // A rename keeps the time the file was staged: the store dates a blob from when it was stored, as a
      // bucket does, so the sweep of unnamed blobs never takes one whose row is still being written.
      const now = new Date();
      await fsp.utimes(pathOf(key), now, now);
    },
    async putStream(key, content) {
      const temporary = path.join(tempDir, `${randomBytes(16).toString('hex')}.part`);
      try {
        // `flush`: the data is synced before the file is closed, hence before the rename.
        await pipeline(content, fs.createWriteStream(temporary, { mode: PRIVATE_FILE_MODE, flags: 'wx', flush: true }));
        await moveIntoPlace(temporary, key);
      } finally {
        await fsp.rm(temporary, { force: true });
      }
    },
    async remove(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    exists: async (key) =>
      fsp.access(pathOf(key)).then(
        () => true,
        () => false,
      ),
    list: (folder, pageSize) => listLocalBlobs(root, folder, pageSize),
    close: async () => {},
  };
}

function openReader(handle: fsp.FileHandle, size: number, head: Buffer): BlobReader {
  let taken = false;
  return {
    size,
    head,
    read(start, end, chunkBytes = 256 * 1024) {
      if (taken) throw new Error('a local blob is read once per open');
      taken = true;
      if (end <= start) {
        void handle.close();
        return Readable.from([]);
      }
      return fs.createReadStream('', { fd: handle, start, end: end - 1, highWaterMark: chunkBytes });
    },
    close: async () => {
      if (!taken) await handle.close();
    },
  };
}
