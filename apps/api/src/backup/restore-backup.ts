import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { listMigrationNames } from '../db/migrate.js';
import { syncDirectory } from '../storage/disk-sync.js';
import { ensurePrivateDir } from '../storage/private-paths.js';
import {
  type FileEntry,
  fileEntrySchema,
  MANIFEST_FILE,
  type Manifest,
  manifestSchema,
  resolveIn,
} from './backup-format.js';
import { copyWithDigest, type Digest } from './digest-copy.js';
import type { FileProgress } from './file-progress.js';
import { BackupError, checkPgTool, runPgTool } from './pg-tools.js';
import { assertEmptyPostgres, moveIntoPlace, prepareDataDir } from './restore-target.js';

export type RestoreOptions = {
  source: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Called as the stored files are checked and staged: the count and bytes so far, and the backup's. */
  onProgress?: (checked: FileProgress, total: FileProgress) => void;
};

const SHOWN_PROBLEMS = 20;

async function readManifest(source: string): Promise<Manifest> {
  let text: string;
  try {
    text = await fsp.readFile(path.join(source, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError(`${source} has no ${MANIFEST_FILE}: it is not a backup, or one that did not finish.`);
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupError(`${MANIFEST_FILE} in ${source} is damaged (not JSON).`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new BackupError(
      `${MANIFEST_FILE} is not this portal's backup manifest (${issue?.path.join('.')}: ${issue?.message}).`,
    );
  }
  return result.data;
}

function assertRestorable(manifest: Manifest, databaseUrl: string | undefined): void {
  if (manifest.database.dialect === 'postgres' && !databaseUrl)
    throw new BackupError('This backup holds a PostgreSQL database: set DATABASE_URL to a new, empty database.');
  if (manifest.database.dialect === 'sqlite' && databaseUrl)
    throw new BackupError('This backup holds a SQLite database: unset DATABASE_URL to restore it into DATA_DIR.');
  const known = new Set(listMigrationNames());
  const unknown = manifest.database.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new BackupError(
      `This backup was made by a newer portal (migration ${unknown[0]}): restore it with that version.`,
    );
}

/** Copies one part of the backup into the staging folder, answering a problem when it is not what the manifest says. */
async function stageVerified(
  source: string,
  staging: string,
  expected: Omit<FileEntry, 'keyId'>,
): Promise<string | null> {
  const target = resolveIn(staging, expected.path);
  await ensurePrivateDir(path.dirname(target));
  let digest: Digest;
  try {
    digest = await copyWithDigest(resolveIn(source, expected.path), target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return `${expected.path}: missing from the backup`;
    throw error;
  }
  if (digest.size !== expected.size)
    return `${expected.path}: ${digest.size} bytes, the manifest says ${expected.size}`;
  if (digest.sha256 !== expected.sha256) return `${expected.path}: its SHA-256 differs from the manifest's`;
  return null;
}

/** Every stored file of the list, copied and checked; answers the problems found (all files are checked). */
async function stageFiles(
  source: string,
  staging: string,
  manifest: Manifest,
  onProgress?: (checked: FileProgress, total: FileProgress) => void,
): Promise<string[]> {
  const problems: string[] = [];
  let count = 0;
  let bytes = 0;
  const lines = readline.createInterface({
    input: fs.createReadStream(resolveIn(staging, manifest.fileList.path)),
    crlfDelay: Infinity,
  });
  for await (const line of lines) {
    if (!line) continue;
    let entry: FileEntry;
    try {
      entry = fileEntrySchema.parse(JSON.parse(line));
    } catch {
      problems.push(`${manifest.fileList.path}: line ${count + 1} is not a file entry`);
      break;
    }
    count += 1;
    bytes += entry.size;
    const problem = await stageVerified(source, staging, entry);
    if (problem) problems.push(problem);
    onProgress?.({ count, bytes }, manifest.files);
  }
  if (problems.length === 0 && (count !== manifest.files.count || bytes !== manifest.files.bytes))
    problems.push(
      `${manifest.fileList.path} lists ${count} files (${bytes} bytes), the manifest ${manifest.files.count}`,
    );
  return problems;
}

/**
 * `npm run restore -- SRC` (docs/deployment.md): checks every part of the backup against its manifest
 * while copying it into a staging folder in DATA_DIR, and only when all match moves it into place
 * (PostgreSQL: pg_restore in one transaction first). A failure leaves DATA_DIR and the database as they were.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const source = path.resolve(options.source);
  const dataDir = path.resolve(options.dataDir);
  const manifest = await readManifest(source);
  assertRestorable(manifest, options.databaseUrl);
  if (options.databaseUrl) {
    await checkPgTool('pg_restore');
    await assertEmptyPostgres(options.databaseUrl);
  }
  const createdDataDir = await prepareDataDir(dataDir);
  const staging = path.join(dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  try {
    await ensurePrivateDir(staging);
    const problems = [
      await stageVerified(source, staging, manifest.fileList),
      await stageVerified(source, staging, manifest.database),
    ].filter((problem): problem is string => problem !== null);
    if (problems.length === 0) problems.push(...(await stageFiles(source, staging, manifest, options.onProgress)));
    if (problems.length > 0) {
      const shown = problems.slice(0, SHOWN_PROBLEMS).map((problem) => `  ${problem}`);
      if (problems.length > SHOWN_PROBLEMS) shown.push(`  ...and ${problems.length - SHOWN_PROBLEMS} more`);
      throw new BackupError(`The backup failed its check, nothing was restored:\n${shown.join('\n')}`);
    }
    if (options.databaseUrl)
      await runPgTool(
        'pg_restore',
        [
          '--single-transaction',
          '--exit-on-error',
          '--no-owner',
          '--no-privileges',
          resolveIn(staging, manifest.database.path),
        ],
        options.databaseUrl,
      );
    await moveIntoPlace(staging, dataDir, options.databaseUrl ? null : manifest.database.path);
    await syncDirectory(dataDir);
    return manifest;
  } catch (error) {
    if (createdDataDir) await fsp.rm(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
