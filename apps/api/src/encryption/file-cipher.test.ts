import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../storage/blob-store.js';
import { createLocalBlobStore } from '../storage/local-blob-store.js';
import {
  createEncryptedCopy,
  createEncryptingStream,
  createRewrappedCopy,
  HEADER_BYTES,
  openEncryptedBlob,
  readKeyId,
} from './file-cipher.js';
import { activateKeyFile, createKeyFile, type Keyring, loadKeyring } from './keyring.js';
import { isSealedValue, keyIdOfSealedValue, openValue, sealValue } from './value-cipher.js';

const CHUNK = 1024;

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('encryption at rest', () => {
  let dir: string;
  let keyring: Keyring;
  let blobs: BlobStore;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cipher-'));
    keyring = loadKeyring({ encryptionKey: undefined, dataDir: dir });
    fs.mkdirSync(path.join(dir, 'files'));
    fs.mkdirSync(path.join(dir, 'tmp'));
    blobs = createLocalBlobStore(dir, path.join(dir, 'tmp'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The file `name` of the test's folder, opened as the portal opens a stored file. */
  const openEncrypted = (file: string, ring = keyring) =>
    openEncryptedBlob(ring, (headBytes) => blobs.open(`files/${path.basename(file)}`, headBytes));
  const keyIdOf = async (file: string, ring = keyring) => {
    const blob = await blobs.open(`files/${path.basename(file)}`, HEADER_BYTES);
    await blob.close();
    return readKeyId(ring, blob.head);
  };

  async function writeEncrypted(name: string, plaintext: Buffer, chunk = CHUNK): Promise<string> {
    const file = path.join(dir, 'files', name);
    // Fed in uneven pieces, as a socket would.
    const pieces = [];
    for (let offset = 0; offset < plaintext.length; offset += 777)
      pieces.push(plaintext.subarray(offset, offset + 777));
    await pipeline(Readable.from(pieces), createEncryptingStream(keyring.active(), chunk), fs.createWriteStream(file));
    return file;
  }

  it('generates a private key file on first start and keeps using it', () => {
    const keysDir = path.join(dir, 'keys');
    expect(fs.statSync(keysDir).mode & 0o777).toBe(0o700);
    const keyFiles = fs.readdirSync(keysDir).filter((name) => name.endsWith('.key'));
    expect(keyFiles).toHaveLength(1);
    expect(fs.statSync(path.join(keysDir, keyFiles[0] as string)).mode & 0o777).toBe(0o600);
    expect(loadKeyring({ encryptionKey: undefined, dataDir: dir }).active().id).toBe(keyring.active().id);
  });

  it.each([0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 3 * CHUNK + 17])(
    'round-trips %i bytes and hides the plaintext',
    async (size) => {
      const plaintext = Buffer.from(Array.from({ length: size }, (_, index) => 65 + (index % 26)));
      const file = await writeEncrypted(`round-${size}`, plaintext);
      const stored = fs.readFileSync(file);
      if (size >= 16) expect(stored.includes(plaintext.subarray(0, 16))).toBe(false);
      const opened = await openEncrypted(file);
      expect(opened.size).toBe(size);
      expect((await readAll(opened.createReadStream())).equals(plaintext)).toBe(true);
    },
  );

  it('answers any byte range, across and at chunk boundaries', async () => {
    const plaintext = randomBytes(5 * CHUNK + 300);
    const file = await writeEncrypted('ranges', plaintext);
    const ranges = [
      [0, 0],
      [0, CHUNK - 1],
      [CHUNK - 1, CHUNK],
      [CHUNK, CHUNK],
      [CHUNK - 5, 3 * CHUNK + 4],
      [2 * CHUNK, 3 * CHUNK - 1],
      [5 * CHUNK, 5 * CHUNK + 299],
      [5 * CHUNK + 299, 5 * CHUNK + 299],
      [17, 5 * CHUNK + 299],
    ] as const;
    for (const [start, end] of ranges) {
      const opened = await openEncrypted(file);
      const bytes = await readAll(opened.createReadStream({ start, end }));
      expect(bytes.equals(plaintext.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
  });

  it('refuses a file whose chunk was changed, whose last chunk was cut off, or that is not encrypted', async () => {
    const plaintext = randomBytes(3 * CHUNK);
    const tampered = await writeEncrypted('tampered', plaintext);
    const bytes = fs.readFileSync(tampered);
    bytes[HEADER_BYTES + CHUNK + 40] = (bytes[HEADER_BYTES + CHUNK + 40] as number) ^ 1;
    fs.writeFileSync(tampered, bytes);
    await expect(readAll((await openEncrypted(tampered)).createReadStream())).rejects.toThrow(/integrity/);

    const cut = await writeEncrypted('cut', plaintext);
    fs.truncateSync(cut, HEADER_BYTES + 2 * (CHUNK + 16));
    await expect(readAll((await openEncrypted(cut)).createReadStream())).rejects.toThrow(/integrity/);

    const plain = path.join(dir, 'files', 'plain.txt');
    fs.writeFileSync(plain, 'x'.repeat(500));
    await expect(openEncrypted(plain)).rejects.toThrow(/not readable/);
    expect(await keyIdOf(plain)).toBeNull();
  });

  it('seals values with a fresh nonce each time and opens them again', () => {
    const first = sealValue(keyring, '234567890124');
    const second = sealValue(keyring, '234567890124');
    expect(isSealedValue(first)).toBe(true);
    expect(first).not.toBe(second);
    expect(first).not.toContain('234567890124');
    expect(keyIdOfSealedValue(first)).toBe(keyring.active().id);
    expect(openValue(keyring, first)).toBe('234567890124');
    const forged = `${first.slice(0, -4)}AAAA`;
    expect(() => openValue(keyring, forged)).toThrow();
  });

  it('after rotation reads old values and files, and moves a file to the new key without touching its chunks', async () => {
    const plaintext = randomBytes(2 * CHUNK + 5);
    const file = await writeEncrypted('rotate', plaintext);
    const legacy = path.join(dir, 'files', 'legacy.pdf');
    fs.writeFileSync(legacy, plaintext);
    const oldValue = sealValue(keyring, 'HDFC0001234');
    const oldId = keyring.active().id;

    const fresh = createKeyFile(keyring.keysDir);
    activateKeyFile(keyring.keysDir, fresh.id);
    const rotated = loadKeyring({ encryptionKey: undefined, dataDir: dir });
    expect(rotated.active().id).toBe(fresh.id);
    expect(openValue(rotated, oldValue)).toBe('HDFC0001234');

    const before = fs.readFileSync(file);
    await blobs.putStream('files/rotate', createRewrappedCopy(rotated, await blobs.open('files/rotate', HEADER_BYTES)));
    const after = fs.readFileSync(file);
    expect(await keyIdOf(file, rotated)).toBe(fresh.id);
    expect(after.subarray(HEADER_BYTES).equals(before.subarray(HEADER_BYTES))).toBe(true);
    expect((await readAll((await openEncrypted(file, rotated)).createReadStream())).equals(plaintext)).toBe(true);

    const legacyBlob = await blobs.open('files/legacy.pdf', HEADER_BYTES);
    expect(readKeyId(rotated, legacyBlob.head)).toBeNull();
    await blobs.putStream('files/legacy.pdf', createEncryptedCopy(rotated, legacyBlob));
    expect(fs.readFileSync(legacy).includes(plaintext.subarray(0, 32))).toBe(false);
    expect(await keyIdOf(legacy, rotated)).toBe(fresh.id);
    expect((await readAll((await openEncrypted(legacy, rotated)).createReadStream())).equals(plaintext)).toBe(true);
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
    expect(oldId).not.toBe(fresh.id);
  });

  it('reads keys from ENCRYPTION_KEY, the first one active, and refuses a malformed one', () => {
    const first = randomBytes(32);
    const second = randomBytes(32);
    const fromEnvironment = loadKeyring({
      encryptionKey: `${first.toString('base64')},${second.toString('hex')}`,
      dataDir: fs.mkdtempSync(path.join(dir, 'env-')),
    });
    expect(fromEnvironment.source).toBe('environment');
    expect(fromEnvironment.active().key.equals(first)).toBe(true);
    expect(fromEnvironment.list()).toHaveLength(2);
    expect(() => loadKeyring({ encryptionKey: 'short', dataDir: dir })).toThrow(/ENCRYPTION_KEY/);
  });
});
