import { randomBytes } from 'node:crypto';
import { type EncryptedFile, openEncryptedBlob } from '../encryption/file-cipher.js';
import type { Keyring } from '../encryption/keyring.js';
import { type BlobStore, putOrRemove } from './blob-store.js';

/**
 * User documents under `documents/<random name>` in the blob store (DATA_DIR or the bucket), never a
 * name the user chose, encrypted (docs/security.md). Uploads land in `DATA_DIR/tmp` first, already
 * encrypted, and are promoted (renamed, or uploaded to the bucket) before their row is written.
 */
export type DocumentStorage = {
  /** Where uploads are staged: always on this machine, whichever store keeps the files. */
  tempDir: string;
  keyOf(storeName: string): string;
  /** The store name a blob key of `keyOf` holds; null for any other key. */
  storeNameOf(key: string): string | null;
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

export function createDocumentStorage(blobs: BlobStore, keyring: Keyring, tempDir: string): DocumentStorage {
  const keyOf = (storeName: string) => {
    if (!isStoreName(storeName)) throw new Error('invalid store name');
    return `documents/${storeName}`;
  };
  return {
    tempDir,
    keyOf,
    storeNameOf(key) {
      const storeName = key.slice('documents/'.length);
      return key.startsWith('documents/') && isStoreName(storeName) ? storeName : null;
    },
    newStoreName: (extension) => `${randomBytes(16).toString('hex')}${extension ? `.${extension}` : ''}`,
    promote: (tempPath, storeName) => putOrRemove(blobs, keyOf(storeName), tempPath),
    remove: (storeName) => blobs.remove(keyOf(storeName)),
    open: (storeName) => openEncryptedBlob(keyring, (headBytes) => blobs.open(keyOf(storeName), headBytes)),
  };
}
