import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

const STORE_NAME_PATTERN = /^[a-f0-9]{32}$/;

/**
 * Client files on disk: `DATA_DIR/files/<client id>/<random name>`, never a name or path the user
 * sent (design.md section 8). Uploads are staged in `DATA_DIR/tmp` and renamed into place with their row.
 */
export type FileStorage = {
  pathOf(clientId: number, storeName: string): string;
  newStoreName(): string;
  promote(tempPath: string, clientId: number, storeName: string): Promise<void>;
  remove(clientId: number, storeName: string): Promise<void>;
};

export async function createFileStorage(dataDir: string): Promise<FileStorage> {
  const root = path.join(dataDir, 'files');
  await fs.mkdir(root, { recursive: true });
  const pathOf = (clientId: number, storeName: string) => {
    if (!Number.isInteger(clientId) || !STORE_NAME_PATTERN.test(storeName)) throw new Error('invalid stored file name');
    return path.join(root, String(clientId), storeName);
  };
  return {
    pathOf,
    newStoreName: () => randomBytes(16).toString('hex'),
    promote: async (tempPath, clientId, storeName) => {
      await fs.mkdir(path.join(root, String(clientId)), { recursive: true });
      await fs.rename(tempPath, pathOf(clientId, storeName));
    },
    remove: (clientId, storeName) => fs.rm(pathOf(clientId, storeName), { force: true }),
  };
}
