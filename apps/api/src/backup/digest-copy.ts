import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { keyIdInHeader } from '../encryption/file-cipher.js';
import { PRIVATE_FILE_MODE } from '../storage/private-paths.js';
import { syncFile } from '../storage/sync-to-disk.js';

export type Digest = { size: number; sha256: string; keyId: string | null };

const HEADER_PEEK = 20;

/** Passes bytes through unchanged while counting and hashing them, keeping the first few for the key id. */
class Digester extends Transform {
  private readonly hash = createHash('sha256');
  private size = 0;
  private start = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (this.start.length < HEADER_PEEK)
      this.start = Buffer.concat([this.start, chunk.subarray(0, HEADER_PEEK - this.start.length)]);
    done(null, chunk);
  }

  digest(): Digest {
    return { size: this.size, sha256: this.hash.digest('hex'), keyId: keyIdInHeader(this.start) };
  }
}

/**
 * Copies `source` to a new file `target` (never over an existing one), private to this user, flushed to
 * the disk before it answers; answers the bytes' size, SHA-256 and the key id of the stored-file header.
 */
export async function copyWithDigest(source: string, target: string): Promise<Digest> {
  const digester = new Digester();
  await pipeline(
    fs.createReadStream(source, { highWaterMark: 1024 * 1024 }),
    digester,
    fs.createWriteStream(target, { flags: 'wx', mode: PRIVATE_FILE_MODE }),
  );
  await syncFile(target);
  return digester.digest();
}

/** Reads a file only to answer its size and SHA-256. */
export async function digestFile(file: string): Promise<Digest> {
  const digester = new Digester();
  await pipeline(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), digester, async (source) => {
    for await (const _chunk of source);
  });
  return digester.digest();
}

/** Writes a small file whole and durably (the manifest). */
export async function writeFileDurably(file: string, content: string): Promise<void> {
  const handle = await fsp.open(file, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
