import { randomBytes } from 'node:crypto';
import { type EncryptedFile, openEncryptedBlob } from '../encryption/file-cipher.js';
import type { Keyring } from '../encryption/keyring.js';
import { type BlobStore, putOrRemove } from './blob-store.js';

const STORE_NAME_PATTERN = /^[a-f0-9]{32}$/;
const KEY_PATTERN = /^files\/([1-9][0-9]{0,15})\/([a-f0-9]{32})$/;

/**
 * Client files under `files/<client id>/<random name>` in the blob store (DATA_DIR or the bucket), never
 * a name or path the user sent (docs/api-conventions.md), encrypted in authenticated chunks
 * (docs/security.md). Uploads are staged, already encrypted, in `DATA_DIR/tmp` and promoted (renamed, or
 * uploaded to the bucket) before their row is written; a failed write removes the blob again.
 */
export type FileStorage = {
  keyOf(clientId: number, storeName: string): string;
  /** The client and store name a blob key of `keyOf` holds; null for any other key. */
  parseKey(key: string): { clientId: number; storeName: string } | null;
  newStoreName(): string;
  promote(tempPath: string, clientId: number, storeName: string): Promise<void>;
  remove(clientId: number, storeName: string): Promise<void>;
  /** The file decrypted: its size, then one stream of any byte range of it. */
  open(clientId: number, storeName: string): Promise<EncryptedFile>;
};

export function createFileStorage(blobs: BlobStore, keyring: Keyring): FileStorage {
  const keyOf = (clientId: number, storeName: string) => {
    if (!Number.isInteger(clientId) || !STORE_NAME_PATTERN.test(storeName)) throw new Error('invalid stored file name');
    return `files/${clientId}/${storeName}`;
  };
  return {
    keyOf,
    parseKey(key) {
      const match = KEY_PATTERN.exec(key);
      return match ? { clientId: Number(match[1]), storeName: match[2] as string } : null;
    },
    newStoreName: () => randomBytes(16).toString('hex'),
    promote: (tempPath, clientId, storeName) => putOrRemove(blobs, keyOf(clientId, storeName), tempPath),
    remove: (clientId, storeName) => blobs.remove(keyOf(clientId, storeName)),
    open: (clientId, storeName) =>
      openEncryptedBlob(keyring, (headBytes) => blobs.open(keyOf(clientId, storeName), headBytes)),
  };
}
