import { createBackup } from './backup/create-backup.js';
import { createFileProgressLine } from './backup/file-progress.js';
import { BackupError } from './backup/pg-tools.js';
import { requirePathArgument } from './cli-path-argument.js';
import { runCommand } from './cli-run.js';
import { loadCommandConfig } from './config.js';

const USAGE = 'Usage: npm run backup -- DEST   (DEST: a new or empty folder outside DATA_DIR)';

const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * `npm run backup -- DEST` (docs/deployment.md): a consistent snapshot of the database and the stored
 * files, with their checksums, while the portal runs. Exit 0: written; 2: written, but DATA_DIR had
 * already lost files the database names (listed); 1: nothing written.
 */
async function main(): Promise<number> {
  const destination = requirePathArgument(USAGE);
  if (!destination) return 1;
  process.umask(0o077);
  const config = loadCommandConfig();
  if (config.fileStorage.kind === 's3') {
    // A half backup that looks whole is worse than none: the files are in the bucket, not in DATA_DIR.
    console.error(
      'FILE_STORAGE is s3: the stored files are in the bucket, which this command does not copy. Back up the database (pg_dump) and keep the bucket versioned and replicated (docs/deployment.md).',
    );
    return 1;
  }
  const showProgress = createFileProgressLine('Copied', (line) => console.log(line));
  const { manifest } = await createBackup({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    destination,
    log: (line) => console.log(line),
    onProgress: (copied) => showProgress(copied),
  });
  showProgress(manifest.files, { last: true });
  console.log(
    `Backup written to ${destination}: the ${manifest.database.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database (${megabytes(manifest.database.size)}) and ${manifest.files.count} stored files (${megabytes(manifest.files.bytes)}), with their SHA-256 in manifest.json.`,
  );
  const vault = manifest.aadhaarKeyIds?.length ? ` and the Aadhaar key(s) ${manifest.aadhaarKeyIds.join(', ')}` : '';
  console.log(
    `It holds no encryption key. Reading it needs the key(s) ${manifest.keyIds.join(', ') || '(none)'}${vault}: keep them exported (npm run keys:export -- FILE) and stored apart from the backups.`,
  );
  if (manifest.lost.length > 0) {
    console.error(
      `Warning: ${manifest.lost.length} stored file(s) the database names were already missing from DATA_DIR:`,
    );
    for (const relative of manifest.lost) console.error(`  ${relative}`);
    return 2;
  }
  return 0;
}

runCommand(main, 'Backup', [BackupError]);
