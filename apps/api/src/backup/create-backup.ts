import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { databaseOptionsFor } from '../db/database.js';
import { listAadhaarKeyIds } from '../modules/aadhaar-vault/aadhaar-vault.service.js';
import { syncDirectory } from '../storage/disk-sync.js';
import { ensurePrivateDir } from '../storage/private-paths.js';
import { copyListedFiles, writeSnapshotFileList } from './backup-files.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  DATABASE_FILE,
  FILE_LIST,
  MANIFEST_FILE,
  type Manifest,
} from './backup-format.js';
import { listAppliedMigrations, listUserSecretKeyIds } from './backup-references.repository.js';
import { takePostgresSnapshot, takeSqliteSnapshot } from './database-snapshot.js';
import { digestFile, writeFileDurably } from './digest-copy.js';
import type { FileProgress } from './file-progress.js';
import { BackupError, checkPgTool } from './pg-tools.js';

export type BackupOptions = {
  dataDir: string;
  databaseUrl: string | undefined;
  destination: string;
  log?: (line: string) => void;
  /** Called as the stored files are copied (after each few files), with the count and bytes so far. */
  onProgress?: (copied: FileProgress) => void;
  /** Runs after the snapshot is taken, before its files are copied (tests put a deletion there). */
  afterSnapshot?: () => Promise<void>;
};

export type BackupReport = { manifest: Manifest };

/** Where the portal keeps its SQLite database (db/database.ts decides). */
function sqliteFileOf(dataDir: string): string {
  const options = databaseOptionsFor({ databaseUrl: undefined, dataDir });
  return options.kind === 'sqlite' ? options.file : '';
}

/** DEST is new or empty, and not inside DATA_DIR (a backup beside the data is lost with its disk). */
async function prepareDestination(destination: string, dataDir: string): Promise<boolean> {
  const relative = path.relative(dataDir, destination);
  if (!relative.startsWith('..') && !path.isAbsolute(relative))
    throw new BackupError(`The backup folder ${destination} is inside DATA_DIR: choose a folder outside it.`);
  try {
    const entries = await fsp.readdir(destination);
    if (entries.length > 0) throw new BackupError(`${destination} is not empty: give a new or empty folder.`);
    await fsp.chmod(destination, 0o700);
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await fsp.mkdir(destination, { recursive: true, mode: 0o700 });
    return true;
  }
}

/** `npm run backup -- DEST`: the database, the stored files and their manifest; never a key. */
export async function createBackup(options: BackupOptions): Promise<BackupReport> {
  const dialect = options.databaseUrl ? 'postgres' : 'sqlite';
  if (dialect === 'postgres') await checkPgTool('pg_dump');
  else if (!fs.existsSync(sqliteFileOf(options.dataDir)))
    throw new BackupError(`There is no database at ${sqliteFileOf(options.dataDir)}: is DATA_DIR right?`);
  const destination = path.resolve(options.destination);
  const created = await prepareDestination(destination, path.resolve(options.dataDir));
  await removeAbandonedWorkDirs(path.join(options.dataDir, 'tmp'));
  // The snapshot's file list, apart from the backup (it may be long): DATA_DIR/tmp, removed at the end.
  const workDir = path.join(options.dataDir, 'tmp', `backup-list-${randomBytes(6).toString('hex')}`);
  await ensurePrivateDir(workDir);
  try {
    const dbFile = path.join(destination, DATABASE_FILE[dialect]);
    const listFile = path.join(workDir, 'files.txt');
    // One snapshot: a file it names is removed no sooner than the backup window after its row went
    // (storage/removed-blobs.ts), so every such file is still there when it is copied.
    const takenAt = new Date();
    const snapshot = options.databaseUrl
      ? await takePostgresSnapshot(options.databaseUrl)
      : await takeSqliteSnapshot(sqliteFileOf(options.dataDir), dbFile);
    let migrations: string[];
    let secretKeyIds: string[];
    let aadhaarKeyIds: string[];
    try {
      await options.afterSnapshot?.();
      await writeSnapshotFileList(snapshot, listFile);
      await snapshot.save(dbFile);
      migrations = await listAppliedMigrations(snapshot.db);
      secretKeyIds = await listUserSecretKeyIds(snapshot.db);
      aadhaarKeyIds = await listAadhaarKeyIds(snapshot.db);
    } finally {
      await snapshot.close();
    }
    options.log?.('Database snapshot written; copying the stored files...');

    const entriesFile = path.join(destination, FILE_LIST);
    const copied = await copyListedFiles(listFile, options.dataDir, destination, entriesFile, options.onProgress);
    if (copied.lost.length > 0)
      options.log?.(
        `${copied.lost.length} file(s) the database names were missing before the backup (listed as lost).`,
      );
    const database = await digestFile(dbFile);
    const fileList = await digestFile(entriesFile);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: takenAt.toISOString(),
      database: { dialect, path: DATABASE_FILE[dialect], size: database.size, sha256: database.sha256, migrations },
      fileList: { path: FILE_LIST, size: fileList.size, sha256: fileList.sha256 },
      files: { count: copied.count, bytes: copied.bytes },
      keyIds: [...new Set([...copied.keyIds, ...secretKeyIds])].sort(),
      aadhaarKeyIds,
      lost: copied.lost,
    };
    // Last, so a backup without a manifest is known to be unfinished.
    await writeFileDurably(path.join(destination, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await syncDirectory(destination);
    return { manifest };
  } catch (error) {
    await removeUnfinished(destination, created);
    throw error;
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}

// Older than any backup runs: the working folder of a killed backup (or the pins of earlier versions).
const ABANDONED_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

async function removeAbandonedWorkDirs(tempDir: string): Promise<void> {
  for (const entry of await fsp.readdir(tempDir).catch(() => [] as string[])) {
    if (!entry.startsWith('backup-')) continue;
    const folder = path.join(tempDir, entry);
    const stats = await fsp.lstat(folder).catch(() => null);
    if (stats?.isDirectory() && Date.now() - stats.mtimeMs > ABANDONED_AFTER_MS)
      await fsp.rm(folder, { recursive: true, force: true });
  }
}

async function removeUnfinished(destination: string, created: boolean): Promise<void> {
  if (created) {
    await fsp.rm(destination, { recursive: true, force: true });
    return;
  }
  for (const entry of await fsp.readdir(destination).catch(() => [] as string[]))
    await fsp.rm(path.join(destination, entry), { recursive: true, force: true });
}
