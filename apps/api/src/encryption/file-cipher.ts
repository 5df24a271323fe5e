import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { BlobReader } from '../storage/blob-store.js';
import type { DataKey, Keyring } from './keyring.js';

/*
 * Files at rest (docs/security.md): a 96-byte header, then the plaintext in fixed-size chunks, each
 * sealed on its own with AES-256-GCM under a random key of this file, so a download of any byte range
 * decrypts only the chunks it touches and memory stays flat whatever the size.
 *
 *   header:  "PPF1" | data key id (16 ASCII) | chunk size (uint32 BE) | file key sealed under the data
 *            key (nonce 12 | ciphertext 32 | tag 16) | 12 zero bytes
 *   chunk i: ciphertext (chunk size, the last one shorter or empty) | tag 16
 *
 * A chunk's nonce is its index; its associated data is the index and whether it is the last one, so
 * chunks cannot be reordered, dropped or cut off at the end without the tag failing. Key rotation only
 * re-seals the file key in the header: the chunks stay as they are.
 */
const MAGIC = Buffer.from('PPF1');
export const HEADER_BYTES = 96;
// Large enough that setting up a cipher per chunk costs little next to the AES itself (measured by
// `npm run bench:encryption`), small enough that a one-byte range decrypts little. Kept in each header.
export const DEFAULT_CHUNK_BYTES = 256 * 1024;
const TAG_BYTES = 16;
const FILE_KEY_BYTES = 32;
const KEY_ID_BYTES = 16;
const WRAPPED_KEY_OFFSET = 24;

function headerAssociatedData(chunkBytes: number): Buffer {
  const data = Buffer.alloc(8);
  MAGIC.copy(data, 0);
  data.writeUInt32BE(chunkBytes, 4);
  return data;
}

function buildHeader(dataKey: DataKey, fileKey: Buffer, chunkBytes: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header, 0);
  header.write(dataKey.id.padEnd(KEY_ID_BYTES, '\0'), 4, KEY_ID_BYTES, 'ascii');
  header.writeUInt32BE(chunkBytes, 20);
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', dataKey.key, nonce);
  cipher.setAAD(headerAssociatedData(chunkBytes));
  const sealed = Buffer.concat([cipher.update(fileKey), cipher.final()]);
  Buffer.concat([nonce, sealed, cipher.getAuthTag()]).copy(header, WRAPPED_KEY_OFFSET);
  return header;
}

type ParsedHeader = { keyId: string; chunkBytes: number; fileKey: Buffer };

function parseHeader(keyring: Keyring, header: Buffer): ParsedHeader | null {
  if (header.length < HEADER_BYTES || !header.subarray(0, 4).equals(MAGIC)) return null;
  const keyId = header.toString('ascii', 4, 4 + KEY_ID_BYTES).replace(/\0+$/, '');
  const chunkBytes = header.readUInt32BE(20);
  const dataKey = keyring.find(keyId);
  if (!dataKey || chunkBytes < 1024 || chunkBytes > 16 * 1024 * 1024) return null;
  try {
    const wrapped = header.subarray(WRAPPED_KEY_OFFSET, WRAPPED_KEY_OFFSET + 12 + FILE_KEY_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', dataKey.key, wrapped.subarray(0, 12));
    decipher.setAAD(headerAssociatedData(chunkBytes));
    decipher.setAuthTag(wrapped.subarray(12 + FILE_KEY_BYTES));
    const fileKey = Buffer.concat([decipher.update(wrapped.subarray(12, 12 + FILE_KEY_BYTES)), decipher.final()]);
    return { keyId, chunkBytes, fileKey };
  } catch {
    return null;
  }
}

function chunkNonce(index: number): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeBigUInt64BE(BigInt(index), 4);
  return nonce;
}

function chunkAssociatedData(index: number, last: boolean): Buffer {
  const data = Buffer.alloc(9);
  data.writeBigUInt64BE(BigInt(index), 0);
  data[8] = last ? 1 : 0;
  return data;
}

/** A sealed chunk as its ciphertext and its tag, pushed one after the other: no copy to join them. */
function sealChunk(fileKey: Buffer, index: number, last: boolean, plaintext: Buffer): [Buffer, Buffer] {
  const cipher = createCipheriv('aes-256-gcm', fileKey, chunkNonce(index));
  cipher.setAAD(chunkAssociatedData(index, last));
  const body = cipher.update(plaintext);
  cipher.final();
  return [body, cipher.getAuthTag()];
}

function openChunk(fileKey: Buffer, index: number, last: boolean, record: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', fileKey, chunkNonce(index));
  decipher.setAAD(chunkAssociatedData(index, last));
  decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
  const plaintext = decipher.update(record.subarray(0, record.length - TAG_BYTES));
  // GCM gives nothing more at the end; final() is where a changed chunk or tag is refused.
  decipher.final();
  return plaintext;
}

/** Plaintext in, the encrypted file format out; the last chunk is known only when the input ends. */
export function createEncryptingStream(dataKey: DataKey, chunkBytes = DEFAULT_CHUNK_BYTES): Transform {
  const fileKey = randomBytes(FILE_KEY_BYTES);
  const header = buildHeader(dataKey, fileKey, chunkBytes);
  const current = Buffer.allocUnsafe(chunkBytes);
  let filled = 0;
  let index = 0;
  let headerSent = false;
  const sendHeader = (stream: Transform) => {
    if (!headerSent) stream.push(header);
    headerSent = true;
  };
  return new Transform({
    // Up to four sealed chunks wait for the disk while the next is sealed, not one (docs/performance.md).
    readableHighWaterMark: 4 * chunkBytes,
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      sendHeader(this);
      let offset = 0;
      while (offset < chunk.length) {
        if (filled === chunkBytes) {
          for (const piece of sealChunk(fileKey, index, false, current)) this.push(piece);
          index += 1;
          filled = 0;
        }
        const take = Math.min(chunkBytes - filled, chunk.length - offset);
        chunk.copy(current, filled, offset, offset + take);
        filled += take;
        offset += take;
      }
      done();
    },
    flush(done: TransformCallback) {
      sendHeader(this);
      for (const piece of sealChunk(fileKey, index, true, current.subarray(0, filled))) this.push(piece);
      done();
    },
  });
}

export type Range = { start: number; end: number };

/** An encrypted file opened for reading: its plaintext size, then one stream of any byte range. */
export type EncryptedFile = {
  size: number;
  keyId: string;
  /** The plaintext bytes `start`..`end` (inclusive), or all of them; takes over the opened blob. */
  createReadStream(range?: Range): Readable;
  close(): Promise<void>;
};

class EncryptedFileError extends Error {}

/**
 * Decrypting reads over any stored bytes (a file on disk, an object in a bucket): the header comes
 * from the blob's first bytes, and a range reads only the stored bytes of the chunks it touches.
 */
export function openEncryptedFile(keyring: Keyring, blob: BlobReader): EncryptedFile {
  const parsed = blob.head.length === HEADER_BYTES ? parseHeader(keyring, blob.head) : null;
  if (!parsed) throw new EncryptedFileError('A stored file is not readable with the known keys.');
  const storedBytes = blob.size - HEADER_BYTES;
  const recordBytes = parsed.chunkBytes + TAG_BYTES;
  const records = Math.ceil(storedBytes / recordBytes);
  const size = storedBytes - records * TAG_BYTES;
  if (records < 1 || size < 0) throw new EncryptedFileError('A stored file is cut short.');
  return {
    size,
    keyId: parsed.keyId,
    close: () => blob.close(),
    createReadStream(range) {
      const start = range?.start ?? 0;
      const end = range?.end ?? size - 1;
      const first = Math.floor(start / parsed.chunkBytes);
      // An empty file is one empty last chunk, read to check its tag.
      const last = size === 0 ? 0 : Math.floor(end / parsed.chunkBytes);
      const source = blob.read(
        HEADER_BYTES + first * recordBytes,
        Math.min(HEADER_BYTES + (last + 1) * recordBytes, blob.size),
        recordBytes,
      );
      const decrypt = createDecryptingTransform(parsed, records, first, {
        skip: start - first * parsed.chunkBytes,
        take: size === 0 ? 0 : end - start + 1,
      });
      source.on('error', (error) => decrypt.destroy(error));
      // A reader that stops early (a closed download) stops the stored bytes' stream too.
      decrypt.once('close', () => source.destroy());
      return source.pipe(decrypt);
    },
  };
}

/** Opens a blob and its encrypted contents; the blob is given up again when its header is refused. */
export async function openEncryptedBlob(keyring: Keyring, open: (headBytes: number) => Promise<BlobReader>) {
  const blob = await open(HEADER_BYTES);
  try {
    return openEncryptedFile(keyring, blob);
  } catch (error) {
    await blob.close();
    throw error;
  }
}

function createDecryptingTransform(
  parsed: ParsedHeader,
  records: number,
  firstIndex: number,
  window: { skip: number; take: number },
): Transform {
  const recordBytes = parsed.chunkBytes + TAG_BYTES;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = firstIndex;
  let skip = window.skip;
  let remaining = window.take;
  const emit = (stream: Transform, record: Buffer) => {
    const plaintext = openChunk(parsed.fileKey, index, index === records - 1, record);
    index += 1;
    const from = Math.min(skip, plaintext.length);
    skip -= from;
    const piece = plaintext.subarray(from, from + Math.min(remaining, plaintext.length - from));
    remaining -= piece.length;
    if (piece.length > 0) stream.push(piece);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      try {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes < recordBytes) return done();
        let all = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending);
        while (all.length >= recordBytes) {
          emit(this, all.subarray(0, recordBytes));
          all = all.subarray(recordBytes);
        }
        pending = all.length > 0 ? [all] : [];
        pendingBytes = all.length;
        done();
      } catch {
        done(new EncryptedFileError('A stored file failed its integrity check.'));
      }
    },
    flush(done: TransformCallback) {
      try {
        if (pendingBytes > 0) emit(this, Buffer.concat(pending));
        done(remaining > 0 ? new EncryptedFileError('A stored file is shorter than its record says.') : null);
      } catch {
        done(new EncryptedFileError('A stored file failed its integrity check.'));
      }
    },
  });
}

/** The id of the key a blob is encrypted under (from its first bytes), or null when it is plaintext. */
export function readKeyId(keyring: Keyring, head: Buffer): string | null {
  return head.length === HEADER_BYTES ? (parseHeader(keyring, head)?.keyId ?? null) : null;
}

/**
 * The key id a file's first bytes name, without any key (a backup lists which keys it needs); null when
 * they are not this format's header. Unverified: only a key can tell whether the header is genuine.
 */
export function keyIdInHeader(start: Buffer): string | null {
  if (start.length < 4 + KEY_ID_BYTES || !start.subarray(0, 4).equals(MAGIC)) return null;
  const keyId = start.toString('ascii', 4, 4 + KEY_ID_BYTES).replace(/\0+$/, '');
  return /^[a-f0-9]{16}$/.test(keyId) ? keyId : null;
}

/** A plaintext blob's bytes, encrypted under the active key. */
export function createEncryptedCopy(keyring: Keyring, blob: BlobReader): Readable {
  const encrypt = createEncryptingStream(keyring.active());
  const source = blob.read(0, blob.size);
  source.on('error', (error) => encrypt.destroy(error));
  encrypt.once('close', () => source.destroy());
  return source.pipe(encrypt);
}

/** An encrypted blob with its file key re-sealed under the active data key; the chunks are copied unchanged. */
export function createRewrappedCopy(keyring: Keyring, blob: BlobReader): Readable {
  const parsed = parseHeader(keyring, blob.head);
  if (!parsed) throw new EncryptedFileError('A stored file is not readable with the known keys.');
  const header = buildHeader(keyring.active(), parsed.fileKey, parsed.chunkBytes);
  return Readable.from(
    (async function* () {
      yield header;
      // Taken only once the copy is being written: a copy never read leaves the blob to its opener.
      yield* blob.read(HEADER_BYTES, blob.size);
    })(),
    { objectMode: false },
  );
}
