import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinDirName } from './backup-pins.js';
import { createLocalBlobStore } from './local-blob-store.js';

describe('a stored file removed while a backup runs', () => {
  let root: string;
  let tempDir: string;
  let deadPid: number;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pins-'));
    tempDir = path.join(root, 'tmp');
    fs.mkdirSync(tempDir);
    // A process that has ended: its pins are a killed backup's.
    deadPid = spawnSync(process.execPath, ['-e', '0']).pid as number;
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const store = async (key: string, text: string) => {
    const blobs = createLocalBlobStore(root, tempDir);
    await blobs.putStream(key, Readable.from([Buffer.from(text)]));
    return blobs;
  };

  it('is linked into each running backup’s pins before it goes, and not into a killed backup’s', async () => {
    const running = path.join(tempDir, pinDirName(process.pid, 'a1'));
    const killed = path.join(tempDir, pinDirName(deadPid, 'b2'));
    fs.mkdirSync(running);
    fs.mkdirSync(killed);
    const blobs = await store('files/7/f00d', 'tax papers');
    await blobs.remove('files/7/f00d');
    expect(fs.existsSync(path.join(root, 'files/7/f00d'))).toBe(false);
    expect(fs.readFileSync(path.join(running, 'files/7/f00d'), 'utf8')).toBe('tax papers');
    expect(fs.readdirSync(killed)).toEqual([]);
  });

  it('is not linked into a folder whose process id now belongs to another process', async () => {
    // A killed backup's id, taken since by a process that started at another time (here: this one).
    const reused = path.join(tempDir, `backup-${process.pid}-1-d4`);
    const legacy = path.join(tempDir, `backup-${process.pid}-e5`);
    fs.mkdirSync(reused);
    fs.mkdirSync(legacy);
    const blobs = await store('files/7/beef', 'bank statement');
    await blobs.remove('files/7/beef');
    expect(fs.existsSync(path.join(root, 'files/7/beef'))).toBe(false);
    expect(fs.readdirSync(reused)).toEqual([]);
    expect(fs.readdirSync(legacy)).toEqual([]);
    fs.rmSync(reused, { recursive: true });
    fs.rmSync(legacy, { recursive: true });
  });

  it('goes all the same when the backup pinned it first', async () => {
    const blobs = await store('documents/cafe.pdf', 'degree');
    const running = path.join(tempDir, pinDirName(process.pid, 'c3'));
    fs.mkdirSync(path.join(running, 'documents'), { recursive: true });
    fs.linkSync(path.join(root, 'documents/cafe.pdf'), path.join(running, 'documents/cafe.pdf'));
    await blobs.remove('documents/cafe.pdf');
    expect(fs.existsSync(path.join(root, 'documents/cafe.pdf'))).toBe(false);
    expect(fs.readFileSync(path.join(running, 'documents/cafe.pdf'), 'utf8')).toBe('degree');
  });
});
