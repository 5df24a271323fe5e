import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeStaleUploads } from '../src/bootstrap/stale-uploads.js';

const NOW = new Date('2026-03-01T10:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe('removing leftover uploads at start', () => {
  let dataDir: string;
  let tempDir: string;
  let lines: { details: object; message: string }[];
  const log = { info: (details: object, message: string) => void lines.push({ details, message }) };
  const place = (name: string, bytes: number, minutes: number) => {
    const file = path.join(tempDir, name);
    fs.writeFileSync(file, Buffer.alloc(bytes, 1));
    fs.utimesSync(file, minutesAgo(minutes), minutesAgo(minutes));
    return file;
  };
  beforeEach(() => {
    lines = [];
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-stale-'));
    tempDir = path.join(dataDir, 'tmp');
    fs.mkdirSync(tempDir);
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('removes files older than an hour and logs their count and bytes, never their names', async () => {
    place('1f2e3d4c5b6a79880716253443526170.part', 300, 24 * 60);
    place('Aadhaar of Ravi Kumar.pdf', 45, 61);
    const fresh = place('a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5.part', 1000, 59);
    const folder = path.join(tempDir, 'kept-folder');
    fs.mkdirSync(folder);
    fs.utimesSync(folder, minutesAgo(600), minutesAgo(600));

    expect(await removeStaleUploads(dataDir, NOW, log)).toEqual({ count: 2, bytes: 345 });
    expect(fs.readdirSync(tempDir).sort()).toEqual([path.basename(fresh), 'kept-folder'].sort());
    expect(lines).toHaveLength(1);
    expect(lines[0]?.details).toEqual({ count: 2, bytes: 345 });
    expect(lines[0]?.message).toContain('2 leftover upload(s) (345 bytes)');
    expect(JSON.stringify(lines)).not.toMatch(/Aadhaar|Ravi|\.part|1f2e3d/);
  });

  it('logs nothing when there is nothing to remove, and copes with no tmp folder', async () => {
    place('a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5.part', 10, 5);
    expect(await removeStaleUploads(dataDir, NOW, log)).toEqual({ count: 0, bytes: 0 });
    fs.rmSync(tempDir, { recursive: true });
    expect(await removeStaleUploads(dataDir, NOW, log)).toEqual({ count: 0, bytes: 0 });
    expect(lines).toEqual([]);
  });
});
