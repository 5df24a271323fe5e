import type { Readable, Writable } from 'node:stream';
import { crc32 } from 'node:zlib';

/*
 * A streaming ZIP writer (APPNOTE 6.3): entries stored, not compressed (PDFs and images do not shrink,
 * and storing costs no CPU), each followed by a data descriptor (its CRC is known only once its bytes
 * went by), ZIP64 where a size or an offset needs it, UTF-8 names (flag bit 11). Writes wait for the
 * output to drain, so memory stays flat whatever the archive's size; only the central directory (one
 * small record per entry) is kept until the end (docs/decisions/0040).
 */
const LIMIT_32 = 0xffffffff;
const LIMIT_16 = 0xffff;
const FLAGS = 0x0808; // bit 3: sizes and CRC in a data descriptor; bit 11: UTF-8 names
const VERSION_PLAIN = 20;
const VERSION_ZIP64 = 45;
const MADE_BY_UNIX = 3 << 8;
const FILE_MODE = 0o100644;
const DIRECTORY_MODE = 0o40755;
// Old ZIP times are local times without a zone: the portal's, India's (UTC+5:30).
const INDIA_OFFSET_MS = 330 * 60 * 1000;

export type ZipWriter = {
  /** A directory entry (`path` ends with "/"): empty directories survive extraction too. */
  addDirectory(path: string, modified: Date): Promise<void>;
  /** A file entry whose `size` bytes come from `stream`; a stream that gives another count fails. */
  addFile(path: string, modified: Date, content: { size: number; stream: Readable }): Promise<void>;
  /** The central directory and the end records; the output is then ended. */
  finish(): Promise<void>;
};

type Written = { path: Buffer; modified: Date; crc: number; size: number; offset: number; directory: boolean };

function dosTimeOf(date: Date): { time: number; date: number } {
  const local = new Date(Math.max(date.getTime() + INDIA_OFFSET_MS, Date.UTC(1980, 0, 1)));
  return {
    time: (local.getUTCHours() << 11) | (local.getUTCMinutes() << 5) | Math.floor(local.getUTCSeconds() / 2),
    date: ((local.getUTCFullYear() - 1980) << 9) | ((local.getUTCMonth() + 1) << 5) | local.getUTCDate(),
  };
}

/** The "extended timestamp" extra field: the exact modification time, in UTC. */
function timestampExtra(modified: Date): Buffer {
  const extra = Buffer.alloc(9);
  extra.writeUInt16LE(0x5455, 0);
  extra.writeUInt16LE(5, 2);
  extra.writeUInt8(1, 4);
  extra.writeUInt32LE(Math.max(0, Math.min(LIMIT_32, Math.floor(modified.getTime() / 1000))), 5);
  return extra;
}

function zip64Extra(values: number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  for (const [index, value] of values.entries()) extra.writeBigUInt64LE(BigInt(value), 4 + 8 * index);
  return extra;
}

function localHeader(entry: Written, zip64: boolean): Buffer {
  const extras = [timestampExtra(entry.modified), ...(zip64 ? [zip64Extra([0, 0])] : [])];
  const extra = Buffer.concat(extras);
  const header = Buffer.alloc(30);
  const dos = dosTimeOf(entry.modified);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_PLAIN, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(dos.time, 10);
  header.writeUInt16LE(dos.date, 12);
  // CRC and sizes follow in the data descriptor; a ZIP64 entry marks its sizes as in the extra field.
  header.writeUInt32LE(0, 14);
  header.writeUInt32LE(zip64 ? LIMIT_32 : 0, 18);
  header.writeUInt32LE(zip64 ? LIMIT_32 : 0, 22);
  header.writeUInt16LE(entry.path.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, entry.path, extra]);
}

function dataDescriptor(entry: Written, zip64: boolean): Buffer {
  const descriptor = Buffer.alloc(zip64 ? 24 : 16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  if (zip64) {
    descriptor.writeBigUInt64LE(BigInt(entry.size), 8);
    descriptor.writeBigUInt64LE(BigInt(entry.size), 16);
  } else {
    descriptor.writeUInt32LE(entry.size, 8);
    descriptor.writeUInt32LE(entry.size, 12);
  }
  return descriptor;
}

function centralRecord(entry: Written, forceZip64: boolean): Buffer {
  const bigSize = forceZip64 || entry.size >= LIMIT_32;
  const bigOffset = forceZip64 || entry.offset >= LIMIT_32;
  const wide = [...(bigSize ? [entry.size, entry.size] : []), ...(bigOffset ? [entry.offset] : [])];
  const extra = Buffer.concat([timestampExtra(entry.modified), ...(wide.length > 0 ? [zip64Extra(wide)] : [])]);
  const version = wide.length > 0 ? VERSION_ZIP64 : VERSION_PLAIN;
  const record = Buffer.alloc(46);
  const dos = dosTimeOf(entry.modified);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(MADE_BY_UNIX | version, 4);
  record.writeUInt16LE(version, 6);
  record.writeUInt16LE(FLAGS, 8);
  record.writeUInt16LE(0, 10);
  record.writeUInt16LE(dos.time, 12);
  record.writeUInt16LE(dos.date, 14);
  record.writeUInt32LE(entry.crc, 16);
  record.writeUInt32LE(bigSize ? LIMIT_32 : entry.size, 20);
  record.writeUInt32LE(bigSize ? LIMIT_32 : entry.size, 24);
  record.writeUInt16LE(entry.path.length, 28);
  record.writeUInt16LE(extra.length, 30);
  // Comment length, disk number and internal attributes stay 0.
  const mode = entry.directory ? DIRECTORY_MODE : FILE_MODE;
  record.writeUInt32LE(((mode << 16) | (entry.directory ? 0x10 : 0)) >>> 0, 38);
  record.writeUInt32LE(bigOffset ? LIMIT_32 : entry.offset, 42);
  return Buffer.concat([record, entry.path, extra]);
}

function endRecords(count: number, directory: { offset: number; size: number }, forceZip64: boolean): Buffer {
  const zip64 = forceZip64 || count >= LIMIT_16 || directory.offset >= LIMIT_32 || directory.size >= LIMIT_32;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? LIMIT_16 : count, 8);
  end.writeUInt16LE(zip64 ? LIMIT_16 : count, 10);
  end.writeUInt32LE(zip64 ? LIMIT_32 : directory.size, 12);
  end.writeUInt32LE(zip64 ? LIMIT_32 : directory.offset, 16);
  if (!zip64) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(directory.size), 40);
  record.writeBigUInt64LE(BigInt(directory.offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(directory.offset + directory.size), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, end]);
}

/** Resolves once `out` takes more; fails when it closed (the reader went away) or failed. */
function waitForDrain(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new Error('the archive output closed'));
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}

/**
 * A ZIP writer onto `out` (a response body). `forceZip64` writes every ZIP64 record even for small
 * archives, so tests reach those paths without gigabytes.
 */
export function createZipWriter(out: Writable, options: { forceZip64?: boolean } = {}): ZipWriter {
  const forceZip64 = options.forceZip64 ?? false;
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;

  const write = async (bytes: Buffer) => {
    if (out.destroyed) throw new Error('the archive output closed');
    offset += bytes.length;
    if (!out.write(bytes)) await waitForDrain(out);
  };
  const validPath = (path: string, directory: boolean) => {
    const bytes = Buffer.from(path, 'utf8');
    if (bytes.length === 0 || bytes.length > LIMIT_16 || path.endsWith('/') !== directory)
      throw new Error('invalid entry path');
    return bytes;
  };
  const record = (entry: Written) => {
    central.push(centralRecord(entry, forceZip64));
    count += 1;
  };

  return {
    async addDirectory(path, modified) {
      const entry = { path: validPath(path, true), modified, crc: 0, size: 0, offset, directory: true };
      await write(localHeader(entry, forceZip64));
      await write(dataDescriptor(entry, forceZip64));
      record(entry);
    },
    async addFile(path, modified, content) {
      const zip64 = forceZip64 || content.size >= LIMIT_32;
      const entry = { path: validPath(path, false), modified, crc: 0, size: 0, offset, directory: false };
      await write(localHeader(entry, zip64));
      for await (const chunk of content.stream) {
        entry.crc = crc32(chunk, entry.crc);
        entry.size += chunk.length;
        await write(chunk);
      }
      if (entry.size !== content.size) throw new Error('a stored file gave another size than its record');
      await write(dataDescriptor(entry, zip64));
      record(entry);
    },
    async finish() {
      const start = offset;
      for (const bytes of central) await write(bytes);
      await write(endRecords(count, { offset: start, size: offset - start }, forceZip64));
      central.length = 0;
      out.end();
    },
  };
}
