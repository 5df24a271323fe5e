import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type EncryptedFile, openEncryptedFile } from '../encryption/file-cipher.js';
import type { Keyring } from '../encryption/keyring.js';
import { ensurePrivateDir } from './private-paths.js';

/**
 * User documents on disk: `DATA_DIR/documents/<random name>`, never a name the user chose, encrypted
 * (docs/security.md). Uploads land in `DATA_DIR/tmp` first, already encrypted, and are renamed into
 * place (same disk, atomic) only with their row.
 */
export type DocumentStorage = {
  tempDir: string;
  root: string;
  pathOf(storeName: string): string;
  newStoreName(extension: string): string;
  promote(tempPath: string, storeName: string): Promise<void>;
  remove(storeName: string): Promise<void>;
  /** The document decrypted: its size, then one stream of it. */
  open(storeName: string): Promise<EncryptedFile>;
};

const STORE_NAME_PATTERN = /^[a-f0-9]{32}(\.[a-z0-9]{1,5})?$/;

export function isStoreName(value: string): boolean {
  return STORE_NAME_PATTERN.test(value);
}

export async function createDocumentStorage(dataDir: string, keyring: Keyring): Promise<DocumentStorage> {
  const root = path.join(dataDir, 'documents');
  const tempDir = path.join(dataDir, 'tmp');
  await ensurePrivateDir(root);
  await ensurePrivateDir(tempDir);
  const pathOf = (storeName: string) => {
    if (!isStoreName(storeName)) throw new Error('invalid store name');
    return path.join(root, storeName);
  };
  return {
    tempDir,
    root,
    pathOf,
    newStoreName: (extension) => `${randomBytes(16).toString('hex')}${extension ? `.${extension}` : ''}`,
    promote: (tempPath, storeName) => fs.rename(tempPath, pathOf(storeName)),
    remove: (storeName) => fs.rm(pathOf(storeName), { force: true }),
    open: (storeName) => openEncryptedFile(keyring, pathOf(storeName)),
  };
}
