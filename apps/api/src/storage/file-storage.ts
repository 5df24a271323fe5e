import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type EncryptedFile, openEncryptedFile } from '../encryption/file-cipher.js';
import type { Keyring } from '../encryption/keyring.js';
import { ensurePrivateDir } from './private-paths.js';

const STORE_NAME_PATTERN = /^[a-f0-9]{32}$/;

/**
 * Client files on disk: `DATA_DIR/files/<client id>/<random name>`, never a name or path the user
 * sent (docs/api-conventions.md), encrypted in authenticated chunks (docs/security.md). Uploads are staged,
 * already encrypted, in `DATA_DIR/tmp` and renamed into place with their row.
 */
export type FileStorage = {
  root: string;
  pathOf(clientId: number, storeName: string): string;
  newStoreName(): string;
  promote(tempPath: string, clientId: number, storeName: string): Promise<void>;
  remove(clientId: number, storeName: string): Promise<void>;
  /** The file decrypted: its size, then one stream of any byte range of it. */
  open(clientId: number, storeName: string): Promise<EncryptedFile>;
};

export async function createFileStorage(dataDir: string, keyring: Keyring): Promise<FileStorage> {
  const root = path.join(dataDir, 'files');
  await ensurePrivateDir(root);
  const pathOf = (clientId: number, storeName: string) => {
    if (!Number.isInteger(clientId) || !STORE_NAME_PATTERN.test(storeName)) throw new Error('invalid stored file name');
    return path.join(root, String(clientId), storeName);
  };
  return {
    root,
    pathOf,
    newStoreName: () => randomBytes(16).toString('hex'),
    promote: async (tempPath, clientId, storeName) => {
      await ensurePrivateDir(path.join(root, String(clientId)));
      await fs.rename(tempPath, pathOf(clientId, storeName));
    },
    remove: (clientId, storeName) => fs.rm(pathOf(clientId, storeName), { force: true }),
    open: (clientId, storeName) => openEncryptedFile(keyring, pathOf(clientId, storeName)),
  };
}
