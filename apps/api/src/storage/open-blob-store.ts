import path from 'node:path';
import type { Config } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { createLocalBlobStore } from './local-blob-store.js';
import { ensurePrivateDir } from './private-paths.js';

/** `DATA_DIR/tmp`: where uploads are staged, on this machine whichever store keeps the files. */
export function stagingDirOf(dataDir: string): string {
  return path.join(dataDir, 'tmp');
}

/** The store FILE_STORAGE names, its folders made private (local) or its bucket reached (s3). */
export async function openBlobStore(config: Pick<Config, 'dataDir' | 'fileStorage'>): Promise<BlobStore> {
  const tempDir = stagingDirOf(config.dataDir);
  await ensurePrivateDir(tempDir);
  if (config.fileStorage.kind === 's3') {
    // Loaded only when used: the AWS SDK's client is about 10 MB of resident memory (measured at start).
    const { createS3BlobStore } = await import('./s3-blob-store.js');
    return createS3BlobStore(config.fileStorage);
  }
  await ensurePrivateDir(path.join(config.dataDir, 'files'));
  await ensurePrivateDir(path.join(config.dataDir, 'documents'));
  return createLocalBlobStore(config.dataDir, tempDir);
}
