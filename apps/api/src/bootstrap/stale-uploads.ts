import fs from 'node:fs/promises';
import path from 'node:path';

// Far longer than any upload can take: the request time limit is minutes, and a file still being written
// keeps a fresh modification time.
const STALE_UPLOAD_AGE_MS = 60 * 60 * 1000;

type StaleUploadsRemoved = { count: number; bytes: number };

type InfoLogger = { info(details: object, message: string): void };

/**
 * Removes files left in `DATA_DIR/tmp` by uploads a crash or a kill interrupted (a finished upload is
 * renamed out, a failed one removed). Only regular files older than an hour; logs how many and how many
 * bytes, never their names (those come from users' uploads).
 */
export async function removeStaleUploads(
  dataDir: string,
  now: Date,
  log: InfoLogger,
  maxAgeMs: number = STALE_UPLOAD_AGE_MS,
): Promise<StaleUploadsRemoved> {
  const tempDir = path.join(dataDir, 'tmp');
  const removed: StaleUploadsRemoved = { count: 0, bytes: 0 };
  let entries: string[];
  try {
    entries = await fs.readdir(tempDir);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return removed;
    throw error;
  }
  for (const entry of entries) {
    const file = path.join(tempDir, entry);
    const stats = await fs.lstat(file).catch(() => null);
    if (!stats?.isFile() || now.getTime() - stats.mtimeMs < maxAgeMs) continue;
    await fs.rm(file, { force: true });
    removed.count += 1;
    removed.bytes += stats.size;
  }
  if (removed.count > 0) {
    log.info(removed, `Removed ${removed.count} leftover upload(s) (${removed.bytes} bytes) from DATA_DIR/tmp`);
  }
  return removed;
}
