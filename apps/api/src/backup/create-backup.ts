import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { databaseOptionsFor } from '../db/database.js';
import { copyPinnedFiles, pinSnapshotFiles } from './backup-files.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  DATABASE_FILE,
  FILE_LIST,
  MANIFEST_FILE,
  type Manifest,
} from './backup-format.js';
import { listAppliedMigrations, listUserSecretKeyIds } from './backup-references.repository.js';
import { type DatabaseSnapshot, takePostgresSnapshot, takeSqliteSnapshot } from './database-snapshot.js';
import { digestFile, syncDirectory, writeFileDurably } from './digest-copy.js';
import { createFilePins, type FilePins } from './file-pins.js';
import { BackupError, checkPgTool } from './pg-tools.js';

export type BackupOptions = {
  dataDir: string;
  databaseUrl: string | undefined;
  destination: string;
  log?: (line: string) => void;
  /** Runs after each snapshot is taken, before its files are pinned (tests put a deletion there). */
  afterSnapshot?: (attempt: number) => Promise<void>;
};

export type BackupReport = { manifest: Manifest; attempts: number };

/** Where the portal keeps its SQLite database (db/database.ts decides). */
function sqliteFileOf(dataDir: string): string {
  const options = databaseOptionsFor({ databaseUrl: undefined, dataDir });
  return options.kind === 'sqlite' ? options.file : '';
}

// A file deleted between a snapshot and its pinning makes the snapshot be taken again; only a portal
// deleting files without pause for this many snapshots in a row defeats it.
const MAX_ATTEMPTS = 5;

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

type PinnedSnapshot = {
  snapshot: DatabaseSnapshot;
  takenAt: Date;
  listFile: string;
  lost: string[];
  attempts: number;
};

/**
 * Takes snapshots until one whose every file is pinned (docs/decisions/0016). A file a snapshot names
 * exists when the snapshot is taken (files are renamed into place before their row commits and removed
 * only after their row's deletion commits), so one missing at pinning was deleted meanwhile, and the
 * next snapshot no longer names it. Missing from two snapshots in a row: it was lost before the backup.
 */
async function pinConsistentSnapshot(options: BackupOptions, pins: FilePins, dbFile: string): Promise<PinnedSnapshot> {
  let previousMissing = new Set<string>();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const takenAt = new Date();
    const snapshot = options.databaseUrl
      ? await takePostgresSnapshot(options.databaseUrl)
      : await takeSqliteSnapshot(sqliteFileOf(options.dataDir), dbFile);
    try {
      await options.afterSnapshot?.(attempt);
      const listFile = path.join(pins.root, `list-${attempt}.txt`);
      const missing = await pinSnapshotFiles(snapshot, pins, listFile);
      const racing = missing.filter((relative) => !previousMissing.has(relative));
      if (racing.length === 0) return { snapshot, takenAt, listFile, lost: missing, attempts: attempt };
      options.log?.(`${racing.length} file(s) were deleted while the snapshot was taken: taking it again.`);
      previousMissing = new Set(missing);
    } catch (error) {
      await snapshot.close();
      throw error;
    }
    await snapshot.close();
  }
  throw new BackupError(
    `Files were deleted during each of ${MAX_ATTEMPTS} snapshots: try again when the portal is quieter.`,
  );
}

/** `npm run backup -- DEST`: the database, the stored files and their manifest; never a key. */
export async function createBackup(options: BackupOptions): Promise<BackupReport> {
  const dialect = options.databaseUrl ? 'postgres' : 'sqlite';
  if (dialect === 'postgres') await checkPgTool('pg_dump');
  else if (!fs.existsSync(sqliteFileOf(options.dataDir)))
    throw new BackupError(`There is no database at ${sqliteFileOf(options.dataDir)}: is DATA_DIR right?`);
  const destination = path.resolve(options.destination);
  const created = await prepareDestination(destination, path.resolve(options.dataDir));
  const pins = await createFilePins(options.dataDir);
  try {
    const dbFile = path.join(destination, DATABASE_FILE[dialect]);
    const pinned = await pinConsistentSnapshot(options, pins, dbFile);
    let migrations: string[];
    let secretKeyIds: string[];
    try {
      await pinned.snapshot.save(dbFile);
      migrations = await listAppliedMigrations(pinned.snapshot.db);
      secretKeyIds = await listUserSecretKeyIds(pinned.snapshot.db);
    } finally {
      await pinned.snapshot.close();
    }
    options.log?.(`Database snapshot written (${pinned.attempts} attempt(s)); copying the stored files...`);

    const entriesFile = path.join(destination, FILE_LIST);
    const copied = await copyPinnedFiles(pinned.listFile, pins, destination, entriesFile);
    const database = await digestFile(dbFile);
    const fileList = await digestFile(entriesFile);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: pinned.takenAt.toISOString(),
      database: { dialect, path: DATABASE_FILE[dialect], size: database.size, sha256: database.sha256, migrations },
      fileList: { path: FILE_LIST, size: fileList.size, sha256: fileList.sha256 },
      files: { count: copied.count, bytes: copied.bytes },
      keyIds: [...new Set([...copied.keyIds, ...secretKeyIds])].sort(),
      lost: pinned.lost,
    };
    // Last, so a backup without a manifest is known to be unfinished.
    await writeFileDurably(path.join(destination, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await syncDirectory(destination);
    return { manifest, attempts: pinned.attempts };
  } catch (error) {
    await removeUnfinished(destination, created);
    throw error;
  } finally {
    // The portal may be linking a file it deletes into the pins while they go (storage/backup-pins.ts):
    // a folder that will not go is removed by the next backup, and decides neither way about this one.
    await pins.remove().catch((error: Error) => {
      options.log?.(
        `The pins in ${pins.root} could not all be removed (${error.message}); the next backup removes them.`,
      );
    });
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
