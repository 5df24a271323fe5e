import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createZipWriter } from '../src/http/zip-writer.js';
import { readZipEntries, sha256Of } from './support/zip-reader.js';

/** Writes an archive into memory with `build`, as a response body would receive it. */
async function writeArchive(build: (zip: ReturnType<typeof createZipWriter>) => Promise<void>, forceZip64 = false) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  const zip = createZipWriter(out, { forceZip64 });
  await build(zip);
  await zip.finish();
  await ended;
  return Buffer.concat(chunks);
}

const when = new Date('2025-04-01T10:00:00Z');
const big = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
const files = { 'Returns/नमस्ते.txt': Buffer.from('hello'), 'Returns/2024/big.bin': big, 'empty.txt': Buffer.alloc(0) };

async function addSample(zip: ReturnType<typeof createZipWriter>) {
  await zip.addDirectory('Returns/', when);
  await zip.addDirectory('Returns/2024/', when);
  await zip.addDirectory('Returns/Empty/', when);
  for (const [name, bytes] of Object.entries(files))
    await zip.addFile(name, when, {
      size: bytes.length,
      stream: Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]),
    });
}

describe('the streaming ZIP writer', () => {
  for (const forceZip64 of [false, true])
    it(`writes stored entries and directories a reader and unzip accept${forceZip64 ? ' (every ZIP64 record)' : ''}`, async () => {
      const archive = await writeArchive(addSample, forceZip64);
      const entries = await readZipEntries(archive);
      expect(entries.map((entry) => entry.name)).toEqual([
        'Returns/',
        'Returns/2024/',
        'Returns/Empty/',
        ...Object.keys(files),
      ]);
      expect(entries.every((entry) => entry.utf8)).toBe(true);
      for (const [name, bytes] of Object.entries(files))
        expect(entries.find((entry) => entry.name === name)).toMatchObject({
          size: bytes.length,
          sha256: sha256Of(bytes),
        });
      // Stored, not compressed: the archive is the files plus headers.
      expect(archive.length).toBeGreaterThan(big.length);
      expect(archive.length).toBeLessThan(big.length + 2000);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zip-')), 'sample.zip');
      fs.writeFileSync(file, archive);
      expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
    });

  it('writes a valid empty archive', async () => {
    const archive = await writeArchive(async () => {});
    expect(archive.length).toBe(22);
    expect(await readZipEntries(archive)).toEqual([]);
  });

  it('fails an entry whose stream gives another size than declared', async () => {
    const out = new PassThrough();
    out.resume();
    const zip = createZipWriter(out);
    await expect(zip.addFile('a.txt', when, { size: 4, stream: Readable.from([Buffer.from('abc')]) })).rejects.toThrow(
      /another size/,
    );
  });

  it('stops with an error when the output closes mid-entry (the reader went away)', async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    const zip = createZipWriter(out);
    const endless = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024));
      },
    });
    const adding = zip.addFile('a.bin', when, { size: 10 ** 9, stream: endless });
    setImmediate(() => out.destroy());
    await expect(adding).rejects.toThrow(/closed/);
    expect(endless.destroyed).toBe(true);
  });
});
