import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_FILE_MODE } from '../storage/private-paths.js';
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
  /** The plaintext bytes `start`..`end` (inclusive), or all of them; takes over the open file. */
  createReadStream(range?: Range): Readable;
  close(): Promise<void>;
};

export class EncryptedFileError extends Error {}

export async function openEncryptedFile(keyring: Keyring, filePath: string): Promise<EncryptedFile> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(header, 0, HEADER_BYTES, 0);
    const parsed = bytesRead === HEADER_BYTES ? parseHeader(keyring, header) : null;
    if (!parsed) throw new EncryptedFileError(`${path.basename(filePath)} is not readable with the known keys.`);
    const diskBytes = (await handle.stat()).size - HEADER_BYTES;
    const recordBytes = parsed.chunkBytes + TAG_BYTES;
    const records = Math.ceil(diskBytes / recordBytes);
    const size = diskBytes - records * TAG_BYTES;
    if (records < 1 || size < 0) throw new EncryptedFileError(`${path.basename(filePath)} is cut short.`);
    return {
      size,
      keyId: parsed.keyId,
      close: () => handle.close(),
      createReadStream(range) {
        const start = range?.start ?? 0;
        const end = range?.end ?? size - 1;
        const first = Math.floor(start / parsed.chunkBytes);
        // An empty file is one empty last chunk, read to check its tag.
        const last = size === 0 ? 0 : Math.floor(end / parsed.chunkBytes);
        const diskEnd = Math.min(HEADER_BYTES + (last + 1) * recordBytes, HEADER_BYTES + diskBytes) - 1;
        const source = fs.createReadStream('', {
          fd: handle,
          start: HEADER_BYTES + first * recordBytes,
          end: diskEnd,
          highWaterMark: recordBytes,
        });
        const decrypt = createDecryptingTransform(parsed, records, first, {
          skip: start - first * parsed.chunkBytes,
          take: size === 0 ? 0 : end - start + 1,
        });
        source.on('error', (error) => decrypt.destroy(error));
        return source.pipe(decrypt);
      },
    };
  } catch (error) {
    await handle.close();
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

/** The id of the key a file is encrypted under, or null when it is not in this format (a plaintext file). */
export async function readFileKeyId(keyring: Keyring, filePath: string): Promise<string | null> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(header, 0, HEADER_BYTES, 0);
    return bytesRead === HEADER_BYTES ? (parseHeader(keyring, header)?.keyId ?? null) : null;
  } finally {
    await handle.close();
  }
}

async function replaceFile(filePath: string, tempDir: string, write: (temporary: string) => Promise<void>) {
  const temporary = path.join(tempDir, `${path.basename(filePath)}.${randomBytes(6).toString('hex')}.part`);
  try {
    await write(temporary);
    await fsp.rename(temporary, filePath);
  } finally {
    await fsp.rm(temporary, { force: true });
  }
}

/** Encrypts a plaintext file in place (through a temporary file, so a crash leaves one or the other). */
export async function encryptFileInPlace(keyring: Keyring, filePath: string, tempDir: string): Promise<void> {
  await replaceFile(filePath, tempDir, (temporary) =>
    pipeline(
      fs.createReadStream(filePath),
      createEncryptingStream(keyring.active()),
      fs.createWriteStream(temporary, { mode: PRIVATE_FILE_MODE, flags: 'wx' }),
    ),
  );
}

/** Re-seals a file's own key under the active data key; the chunks are copied unchanged. */
export async function rewrapFile(keyring: Keyring, filePath: string, tempDir: string): Promise<void> {
  const file = await openEncryptedFile(keyring, filePath);
  await file.close();
  const header = Buffer.alloc(HEADER_BYTES);
  const handle = await fsp.open(filePath, 'r');
  try {
    await handle.read(header, 0, HEADER_BYTES, 0);
  } finally {
    await handle.close();
  }
  const parsed = parseHeader(keyring, header) as ParsedHeader;
  const newHeader = buildHeader(keyring.active(), parsed.fileKey, parsed.chunkBytes);
  await replaceFile(filePath, tempDir, async (temporary) => {
    const output = fs.createWriteStream(temporary, { mode: PRIVATE_FILE_MODE, flags: 'wx' });
    output.write(newHeader);
    await pipeline(fs.createReadStream(filePath, { start: HEADER_BYTES }), output);
  });
}
