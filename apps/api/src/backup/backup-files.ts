import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { syncDirectory } from '../storage/disk-sync.js';
import { ensurePrivateDir } from '../storage/private-paths.js';
import { clientFilePath, documentPath, type FileEntry, resolveIn } from './backup-format.js';
import { pageClientFiles, pageClientFileVersions, pageUserDocuments } from './backup-references.repository.js';
import type { DatabaseSnapshot } from './database-snapshot.js';
import { copyWithDigest } from './digest-copy.js';

const PAGE = 2_000;
// Files copied at once: enough to keep the disk busy with small files, within libuv's four threads.
const COPY_BATCH = 8;

/** Every stored file the snapshot names, a page at a time, newest first (backup-references.repository.ts). */
async function* listSnapshotFiles(snapshot: DatabaseSnapshot): AsyncGenerator<string[]> {
  for (let beforeId: number | null = null; ; ) {
    const rows = await pageClientFiles(snapshot.db, beforeId, PAGE);
    if (rows.length > 0) yield rows.map((row) => clientFilePath(row.client_id, row.store_name));
    if (rows.length < PAGE) break;
    beforeId = rows[rows.length - 1]?.id as number;
  }
  for (let beforeId: number | null = null; ; ) {
    const rows = await pageClientFileVersions(snapshot.db, beforeId, PAGE);
    if (rows.length > 0) yield rows.map((row) => clientFilePath(row.client_id, row.store_name));
    if (rows.length < PAGE) break;
    beforeId = rows[rows.length - 1]?.id as number;
  }
  for (let beforeId: number | null = null; ; ) {
    const rows = await pageUserDocuments(snapshot.db, beforeId, PAGE);
    if (rows.length > 0) yield rows.map((row) => documentPath(row.store_name));
    if (rows.length < PAGE) break;
    beforeId = rows[rows.length - 1]?.id as number;
  }
}

/**
 * Writes the path of every file the snapshot names, one a line, to `listFile` (a platform's list may not
 * fit in memory). Read while the snapshot is open; the files are copied after it closes.
 */
export async function writeSnapshotFileList(snapshot: DatabaseSnapshot, listFile: string): Promise<void> {
  const list = await fsp.open(listFile, 'wx', 0o600);
  try {
    for await (const paths of listSnapshotFiles(snapshot)) await list.write(`${paths.join('\n')}\n`);
  } finally {
    await list.close();
  }
}

export type CopiedFiles = { count: number; bytes: number; keyIds: Set<string>; lost: string[] };

/**
 * Copies the files named in `listFile` from DATA_DIR into the backup, each flushed to disk, and writes one
 * manifest line per file (size, SHA-256, key id) to `entriesFile`. A file deleted since the snapshot is
 * still there: its blob waits out the backup window under a tombstone (storage/removed-blobs.ts). One
 * that is missing all the same was lost before the backup, and is named in the manifest.
 */
export async function copyListedFiles(
  listFile: string,
  dataDir: string,
  destination: string,
  entriesFile: string,
  onProgress?: (copied: CopiedFiles) => void,
): Promise<CopiedFiles> {
  const copied: CopiedFiles = { count: 0, bytes: 0, keyIds: new Set(), lost: [] };
  // Each folder made once, even when several of its files are copied at the same time.
  const folders = new Map<string, Promise<void>>();
  const entries = await fsp.open(entriesFile, 'wx', 0o600);
  const copyOne = async (relative: string): Promise<FileEntry | null> => {
    const source = resolveIn(dataDir, relative);
    if (
      !(await fsp.access(source).then(
        () => true,
        () => false,
      ))
    ) {
      copied.lost.push(relative);
      return null;
    }
    const target = resolveIn(destination, relative);
    const folder = path.dirname(target);
    if (!folders.has(folder)) folders.set(folder, ensurePrivateDir(folder));
    await folders.get(folder);
    const digest = await copyWithDigest(source, target);
    return { path: relative, ...digest };
  };
  const flush = async (batch: string[]) => {
    const done = (await Promise.all(batch.map(copyOne))).filter((entry): entry is FileEntry => entry !== null);
    for (const entry of done) {
      copied.count += 1;
      copied.bytes += entry.size;
      if (entry.keyId) copied.keyIds.add(entry.keyId);
    }
    await entries.write(done.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    onProgress?.(copied);
  };
  try {
    let batch: string[] = [];
    for await (const line of readline.createInterface({ input: fs.createReadStream(listFile), crlfDelay: Infinity })) {
      if (!line) continue;
      batch.push(line);
      if (batch.length === COPY_BATCH) {
        await flush(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await flush(batch);
    await entries.sync();
  } finally {
    await entries.close();
  }
  // The new names are made durable too: each folder's files, then the folders in theirs.
  for (const folder of folders.keys()) await syncDirectory(folder);
  for (const parent of new Set([...folders.keys()].map((folder) => path.dirname(folder)))) await syncDirectory(parent);
  return copied;
}
