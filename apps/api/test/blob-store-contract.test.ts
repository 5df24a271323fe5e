import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEncryptingStream, DEFAULT_CHUNK_BYTES } from '../src/encryption/file-cipher.js';
import { type Keyring, loadKeyring } from '../src/encryption/keyring.js';
import type { BlobEntry, BlobStore } from '../src/storage/blob-store.js';
import { createFileStorage, type FileStorage } from '../src/storage/file-storage.js';
import { createLocalBlobStore } from '../src/storage/local-blob-store.js';
import { openLocal, openS3, type Subject } from './support/blob-store-subjects.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function listPages(store: BlobStore, folder: string, pageSize?: number): Promise<BlobEntry[][]> {
  const pages: BlobEntry[][] = [];
  for await (const page of store.list(folder, pageSize)) pages.push(page);
  return pages;
}

/** A stream that gives `bytes`, then fails, as an upload cut off half way would. */
function failingStream(bytes: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield bytes;
      throw new Error('the source broke off');
    })(),
  );
}

describe.each([
  { name: 'a local folder', open: openLocal },
  { name: 'an S3 bucket (s3rver)', open: openS3 },
])('the blob store contract on $name', ({ open }) => {
  let subject: Subject;
  let store: BlobStore;
  let keyring: Keyring;
  let files: FileStorage;
  let keyDir: string;
  beforeAll(async () => {
    subject = await open();
    store = subject.store;
    keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-blob-keys-'));
    keyring = loadKeyring({ encryptionKey: undefined, dataDir: keyDir });
    files = createFileStorage(store, keyring);
  });
  afterAll(async () => {
    await subject.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  const stage = (content: Buffer) => {
    const staged = path.join(subject.tempDir, `${randomBytes(8).toString('hex')}.part`);
    fs.writeFileSync(staged, content);
    return staged;
  };

  it('stores a staged file under its key, takes the staged file away, and reads size, first bytes and ranges', async () => {
    const content = randomBytes(300_000);
    const staged = stage(content);
    await store.putFile('files/7/a1', staged);
    expect(fs.existsSync(staged)).toBe(false);
    expect(subject.storedKeys()).toContain('files/7/a1');
    const blob = await store.open('files/7/a1', 96);
    expect(blob.size).toBe(content.length);
    expect(blob.head.equals(content.subarray(0, 96))).toBe(true);
    expect((await readAll(blob.read(1000, 250_001))).equals(content.subarray(1000, 250_001))).toBe(true);
    await store.remove('files/7/a1');
  });

  it('opens a blob shorter than the first bytes asked for', async () => {
    await store.putFile('documents/short.pdf', stage(Buffer.from('tiny')));
    const blob = await store.open('documents/short.pdf', 96);
    expect(blob.size).toBe(4);
    expect(blob.head.toString()).toBe('tiny');
    await blob.close();
    await store.remove('documents/short.pdf');
  });

  it('stores a stream larger than one upload part, and replaces a blob whole', async () => {
    // Over one 5 MiB part: a bucket receives it as a multipart upload.
    const first = randomBytes(9 * 1024 * 1024);
    await store.putStream('files/7/b2', Readable.from([first.subarray(0, 5_000_000), first.subarray(5_000_000)]));
    const second = randomBytes(1000);
    await store.putStream('files/7/b2', Readable.from([second]));
    const blob = await store.open('files/7/b2', 10);
    expect(blob.size).toBe(second.length);
    expect((await readAll(blob.read(0, blob.size))).equals(second)).toBe(true);
    await store.remove('files/7/b2');
  });

  it('keeps the old blob when a replacing stream breaks off, and leaves nothing new behind', async () => {
    const original = randomBytes(2000);
    await store.putFile('files/7/c3', stage(original));
    await expect(store.putStream('files/7/c3', failingStream(randomBytes(100_000)))).rejects.toThrow(/broke off/);
    await expect(store.putStream('files/7/c4', failingStream(randomBytes(100_000)))).rejects.toThrow(/broke off/);
    const blob = await store.open('files/7/c3', 10);
    expect((await readAll(blob.read(0, blob.size))).equals(original)).toBe(true);
    expect(await store.exists('files/7/c4')).toBe(false);
    expect(subject.storedKeys()).toEqual(['files/7/c3']);
    expect(fs.readdirSync(subject.tempDir)).toEqual([]);
    await store.remove('files/7/c3');
  });

  it('removes a blob, removes a missing one quietly, tells what exists, and opens a missing one as ENOENT', async () => {
    await store.putFile('files/8/d4', stage(Buffer.from('x')));
    expect(await store.exists('files/8/d4')).toBe(true);
    await store.remove('files/8/d4');
    await store.remove('files/8/d4');
    expect(await store.exists('files/8/d4')).toBe(false);
    await expect(store.open('files/8/d4', 96)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(subject.storedKeys()).toEqual([]);
  });

  it('lists the blobs below a folder a page at a time, each with when it was written', async () => {
    // A bucket keeps whole seconds.
    const before = Date.now() - 1000;
    const keys = ['files/7/a1', 'files/7/a2', 'files/7/a3', 'files/7/a4', 'files/7/a5', 'files/8/b1'];
    for (const key of [...keys, 'documents/d1.png']) await store.putStream(key, Readable.from([Buffer.from(key)]));
    const after = Date.now() + 1000;

    const pages = await listPages(store, 'files', 2);
    expect(pages.every((page) => page.length > 0 && page.length <= 2)).toBe(true);
    const listed = pages.flat();
    expect(listed.map((blob) => blob.key).sort()).toEqual(keys);
    for (const blob of listed) {
      expect(blob.lastModified.getTime()).toBeGreaterThanOrEqual(before);
      expect(blob.lastModified.getTime()).toBeLessThanOrEqual(after);
    }
    const client = (await listPages(store, 'files/7')).flat().map((blob) => blob.key);
    expect(client.sort()).toEqual(keys.slice(0, 5));
    expect((await listPages(store, 'documents')).flat().map((blob) => blob.key)).toEqual(['documents/d1.png']);
    expect(await listPages(store, 'files/9')).toEqual([]);
    await expect(listPages(store, 'files/../keys')).rejects.toThrow(/invalid stored file folder/);
    for (const key of [...keys, 'documents/d1.png']) await store.remove(key);
    expect(await listPages(store, 'files')).toEqual([]);
  });

  it('refuses a key that is not one the storages build', async () => {
    for (const key of ['files/../keys/x', '/etc/passwd', 'files', 'files/7/../../x', 'Files/7/x', 'files/7/x/y/z']) {
      await expect(store.open(key, 96), key).rejects.toThrow(/invalid stored file key/);
      await expect(store.remove(key), key).rejects.toThrow(/invalid stored file key/);
    }
  });

  it('serves decrypting reads of any range of an encrypted client file from its stored bytes', async () => {
    const plaintext = randomBytes(3 * DEFAULT_CHUNK_BYTES + 12_345);
    const staged = path.join(subject.tempDir, 'upload.part');
    await pipeline(Readable.from([plaintext]), createEncryptingStream(keyring.active()), fs.createWriteStream(staged));
    const storeName = files.newStoreName();
    await files.promote(staged, 42, storeName);
    const ranges = [
      [0, plaintext.length - 1],
      [0, 0],
      [DEFAULT_CHUNK_BYTES - 3, DEFAULT_CHUNK_BYTES + 2],
      [2 * DEFAULT_CHUNK_BYTES, 3 * DEFAULT_CHUNK_BYTES + 100],
      [plaintext.length - 1, plaintext.length - 1],
    ] as const;
    for (const [start, end] of ranges) {
      const file = await files.open(42, storeName);
      expect(file.size).toBe(plaintext.length);
      const bytes = await readAll(file.createReadStream({ start, end }));
      expect(bytes.equals(plaintext.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    await files.remove(42, storeName);
    expect(subject.storedKeys()).toEqual([]);
  });

  it('refuses a stored file whose bytes were changed', async () => {
    const staged = path.join(subject.tempDir, 'tampered.part');
    await pipeline(
      Readable.from([randomBytes(DEFAULT_CHUNK_BYTES + 10)]),
      createEncryptingStream(keyring.active()),
      fs.createWriteStream(staged),
    );
    const bytes = await fsp.readFile(staged);
    bytes[200] = (bytes[200] as number) ^ 1;
    await fsp.writeFile(staged, bytes);
    const storeName = files.newStoreName();
    await files.promote(staged, 43, storeName);
    const file = await files.open(43, storeName);
    await expect(readAll(file.createReadStream())).rejects.toThrow(/integrity/);
    await files.remove(43, storeName);
  });
});

describe('the local folder lists only what its storages could have stored', () => {
  it('walks files/ and documents/ alone: no link followed, no name the portal never makes, never tmp/', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-listing-'));
    const tempDir = path.join(root, 'tmp');
    fs.mkdirSync(path.join(tempDir, 'backup-1-2-ab', 'files', '7'), { recursive: true });
    fs.writeFileSync(path.join(tempDir, 'backup-1-2-ab', 'files', '7', 'pinned'), 'pin');
    const store = createLocalBlobStore(root, tempDir);
    await store.putStream('files/7/a1', Readable.from([Buffer.from('stored')]));
    fs.writeFileSync(path.join(root, 'files', '7', 'Not Ours.txt'), 'x');
    fs.mkdirSync(path.join(root, 'files', '7', 'deeper'));
    fs.writeFileSync(path.join(root, 'files', '7', 'deeper', 'c1'), 'x');
    fs.symlinkSync(path.join(tempDir, 'backup-1-2-ab', 'files', '7'), path.join(root, 'files', '8'));
    fs.symlinkSync(path.join(root, 'files', '7', 'a1'), path.join(root, 'files', '7', 'a2'));
    try {
      expect((await listPages(store, 'files')).flat().map((blob) => blob.key)).toEqual(['files/7/a1']);
      expect(await listPages(store, 'documents')).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the local folder makes a stored file durable before it counts', () => {
  it('syncs the staged file before the rename, then the folder it lands in (and a new folder, its parent)', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-durable-'));
    const tempDir = path.join(root, 'tmp');
    fs.mkdirSync(tempDir);
    fs.mkdirSync(path.join(root, 'files'));
    const store = createLocalBlobStore(root, tempDir);
    const staged = path.join(tempDir, 'upload.part');
    fs.writeFileSync(staged, randomBytes(4096));
    // Records what each fsync reached, as the kernel names the open file, then syncs for real.
    const probe = await fsp.open(staged, 'r');
    const handlePrototype = Object.getPrototypeOf(probe) as { sync(this: fsp.FileHandle): Promise<void> };
    await probe.close();
    const realSync = handlePrototype.sync;
    const synced: string[] = [];
    handlePrototype.sync = function (this: fsp.FileHandle) {
      synced.push(fs.readlinkSync(`/proc/self/fd/${this.fd}`));
      return realSync.call(this);
    };
    try {
      await store.putFile('files/9/e5', staged);
      await store.putStream('files/9/f6', Readable.from([Buffer.from('rewritten')]));
    } finally {
      handlePrototype.sync = realSync;
    }
    const landed = path.join(root, 'files', '9');
    expect(synced.slice(0, 3)).toEqual([staged, path.join(root, 'files'), landed]);
    // putStream: the temporary file's data is flushed when it is closed (`flush`), then the folder.
    expect(synced.slice(3)).toEqual([landed]);
    expect(fs.readFileSync(path.join(landed, 'f6'), 'utf8')).toBe('rewritten');
    fs.rmSync(root, { recursive: true, force: true });
  });
});
