import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * User documents on disk: `DATA_DIR/documents/<random name>`, never a name the user chose. Uploads
 * land in `DATA_DIR/tmp` first and are renamed into place (same disk, atomic) only with their row.
 */
export type DocumentStorage = {
  tempDir: string;
  pathOf(storeName: string): string;
  newStoreName(extension: string): string;
  promote(tempPath: string, storeName: string): Promise<void>;
  remove(storeName: string): Promise<void>;
};

const STORE_NAME_PATTERN = /^[a-f0-9]{32}(\.[a-z0-9]{1,5})?$/;

export function isStoreName(value: string): boolean {
  return STORE_NAME_PATTERN.test(value);
}

export async function createDocumentStorage(dataDir: string): Promise<DocumentStorage> {
  const root = path.join(dataDir, 'documents');
  const tempDir = path.join(dataDir, 'tmp');
  await fs.mkdir(root, { recursive: true });
  await fs.mkdir(tempDir, { recursive: true });
  const pathOf = (storeName: string) => {
    if (!isStoreName(storeName)) throw new Error('invalid store name');
    return path.join(root, storeName);
  };
  return {
    tempDir,
    pathOf,
    newStoreName: (extension) => `${randomBytes(16).toString('hex')}${extension ? `.${extension}` : ''}`,
    promote: (tempPath, storeName) => fs.rename(tempPath, pathOf(storeName)),
    remove: (storeName) => fs.rm(pathOf(storeName), { force: true }),
  };
}
