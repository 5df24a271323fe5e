import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEncryptingStream,
  encryptFileInPlace,
  HEADER_BYTES,
  openEncryptedFile,
  readFileKeyId,
  rewrapFile,
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
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cipher-'));
    keyring = loadKeyring({ encryptionKey: undefined, dataDir: dir });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function writeEncrypted(name: string, plaintext: Buffer, chunk = CHUNK): Promise<string> {
    const file = path.join(dir, name);
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
      const opened = await openEncryptedFile(keyring, file);
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
      const opened = await openEncryptedFile(keyring, file);
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
    await expect(readAll((await openEncryptedFile(keyring, tampered)).createReadStream())).rejects.toThrow(/integrity/);

    const cut = await writeEncrypted('cut', plaintext);
    fs.truncateSync(cut, HEADER_BYTES + 2 * (CHUNK + 16));
    await expect(readAll((await openEncryptedFile(keyring, cut)).createReadStream())).rejects.toThrow(/integrity/);

    const plain = path.join(dir, 'plain.txt');
    fs.writeFileSync(plain, 'x'.repeat(500));
    await expect(openEncryptedFile(keyring, plain)).rejects.toThrow(/not readable/);
    expect(await readFileKeyId(keyring, plain)).toBeNull();
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
    const legacy = path.join(dir, 'legacy.pdf');
    fs.writeFileSync(legacy, plaintext);
    const oldValue = sealValue(keyring, 'HDFC0001234');
    const oldId = keyring.active().id;
    const tempDir = fs.mkdtempSync(path.join(dir, 'tmp-'));

    const fresh = createKeyFile(keyring.keysDir);
    activateKeyFile(keyring.keysDir, fresh.id);
    const rotated = loadKeyring({ encryptionKey: undefined, dataDir: dir });
    expect(rotated.active().id).toBe(fresh.id);
    expect(openValue(rotated, oldValue)).toBe('HDFC0001234');

    const before = fs.readFileSync(file);
    await rewrapFile(rotated, file, tempDir);
    const after = fs.readFileSync(file);
    expect(await readFileKeyId(rotated, file)).toBe(fresh.id);
    expect(after.subarray(HEADER_BYTES).equals(before.subarray(HEADER_BYTES))).toBe(true);
    expect((await readAll((await openEncryptedFile(rotated, file)).createReadStream())).equals(plaintext)).toBe(true);

    await encryptFileInPlace(rotated, legacy, tempDir);
    expect(fs.readFileSync(legacy).includes(plaintext.subarray(0, 32))).toBe(false);
    expect(await readFileKeyId(rotated, legacy)).toBe(fresh.id);
    expect(fs.readdirSync(tempDir)).toEqual([]);
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
