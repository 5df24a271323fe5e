import type { Readable } from 'node:stream';

/**
 * Where stored files live, as opaque bytes under a key (`files/<client id>/<name>`, `documents/<name>`):
 * a folder on this machine (`local-blob-store.ts`) or an S3-compatible bucket (`s3-blob-store.ts`,
 * docs/deployment.md). Every blob is already encrypted (encryption/file-cipher.ts) before it reaches a
 * store; a store never sees a key or plaintext. FileStorage and DocumentStorage name the blobs.
 */
export type BlobStore = {
  /** `local` or `s3`, for logs and the start line. */
  kind: 'local' | 's3';
  /** Opens a blob, reading its first `headBytes` bytes at once (fewer when it is shorter). */
  open(key: string, headBytes: number): Promise<BlobReader>;
  /**
   * Stores a finished file staged in `DATA_DIR/tmp` under `key`; when this resolves the blob is durable
   * (synced to disk, or acknowledged by the bucket) and the staged file is gone.
   */
  putFile(key: string, stagedPath: string): Promise<void>;
  /** Stores a stream under `key`; a blob already there is replaced only once the whole stream is stored. */
  putStream(key: string, content: Readable): Promise<void>;
  /** Removes a blob; a missing one is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every blob below `folder` (`files`, `documents`, `files/<client id>`), a page of at most `pageSize`
   * at a time, in no set order: a store may hold millions, so no list of them all is ever held. Only
   * names a storage could have built are listed; a blob stored or removed during the listing may or may
   * not be in it.
   */
  list(folder: string, pageSize?: number): AsyncIterable<BlobEntry[]>;
  /** Lets go of connections (S3) when the app closes. */
  close(): Promise<void>;
};

/** A listed blob: its key and when it was last written (by the disk's or the bucket's clock). */
export type BlobEntry = { key: string; lastModified: Date };

/** What one page of `list` holds unless asked otherwise: S3's largest page. */
export const LIST_PAGE_SIZE = 1000;

/** A blob opened for reading: its size, its first bytes, then streams of any stored byte range. */
export type BlobReader = {
  /** Stored bytes in all. */
  size: number;
  /** The first bytes asked for at `open`. */
  head: Buffer;
  /**
   * Stored bytes `start` (inclusive) to `end` (exclusive) as a stream. A local blob has one open file
   * that its first stream takes over and closes when done; a bucket's blob may be read many times.
   * `chunkBytes`: the reads' size where the store chooses it (a disk), so a reader gets whole records.
   */
  read(start: number, end: number, chunkBytes?: number): Readable;
  /** Gives the blob up when no stream was taken. */
  close(): Promise<void>;
};

// Lower-case words and random names separated by slashes: never a `..`, an absolute path or a name a
// user typed (the storages build every key).
const KEY_PATTERN = /^[a-z]+(\/[a-z0-9][a-z0-9._-]{0,63}){1,2}$/;

export function isBlobKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..');
}

export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new Error('invalid stored file key');
}

const FOLDER_PATTERN = /^[a-z]+(\/[a-z0-9][a-z0-9._-]{0,63})?$/;

/** A folder `list` may walk: a key's first one or two parts, never a `..` or an absolute path. */
export function isBlobFolder(folder: string): boolean {
  return FOLDER_PATTERN.test(folder) && !folder.includes('..');
}

export function assertBlobFolder(folder: string): void {
  if (!isBlobFolder(folder)) throw new Error('invalid stored file folder');
}

/** A blob that is not there, with the same code a missing file on disk has. */
export function blobNotFound(): Error {
  return Object.assign(new Error('The stored file does not exist.'), { code: 'ENOENT' });
}

/** Stores a staged file; when that fails part way (renamed but not synced), nothing stays under the key. */
export async function putOrRemove(blobs: BlobStore, key: string, stagedPath: string): Promise<void> {
  try {
    await blobs.putFile(key, stagedPath);
  } catch (error) {
    await blobs.remove(key).catch(() => {});
    throw error;
  }
}
