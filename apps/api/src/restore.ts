import { createFileProgressLine } from './backup/file-progress.js';
import { BackupError } from './backup/pg-tools.js';
import { restoreBackup } from './backup/restore-backup.js';
import { findAvailableAadhaarKeyIds, findAvailableKeyIds } from './backup/restore-target.js';
import { requirePathArgument } from './cli-path-argument.js';
import { runCommand } from './cli-run.js';
import { loadCommandConfig } from './config.js';

const USAGE =
  'Usage: npm run restore -- SRC   (fills an empty DATA_DIR, and with DATABASE_URL an empty PostgreSQL database)';

/** `npm run restore -- SRC` (docs/deployment.md). Exit 0: restored; 1: nothing restored. */
async function main(): Promise<number> {
  const source = requirePathArgument(USAGE);
  if (!source) return 1;
  process.umask(0o077);
  const config = loadCommandConfig();
  const showProgress = createFileProgressLine('Checked', (line) => console.log(line));
  const manifest = await restoreBackup({
    source,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onProgress: (checked, total) => showProgress(checked, { total, last: checked.count === total.count }),
  });
  const where = config.databaseUrl ? `the database at DATABASE_URL and ${config.dataDir}` : config.dataDir;
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${where}: ${manifest.files.count} stored files, every SHA-256 checked.`,
  );
  if (manifest.lost.length > 0)
    console.log(
      `${manifest.lost.length} file(s) were already missing when the backup was made (see its manifest.json).`,
    );
  const available = new Set(findAvailableKeyIds(manifest.keyIds, config.dataDir, config.encryptionKey));
  const missing = manifest.keyIds.filter((id) => !available.has(id));
  const aadhaarKeyIds = manifest.aadhaarKeyIds ?? [];
  const vaultAvailable = new Set(findAvailableAadhaarKeyIds(aadhaarKeyIds, config.dataDir, config.aadhaarKey));
  const vaultMissing = aadhaarKeyIds.filter((id) => !vaultAvailable.has(id));
  if (missing.length === 0 && vaultMissing.length === 0) {
    console.log('The encryption key(s) it needs are in place: the portal can start.');
    return 0;
  }
  if (missing.length > 0)
    console.log(
      [
        `Before starting the portal, put the encryption key back (the backup never holds it); it needs ${missing.join(', ')}:`,
        '  npm run keys:import -- KEYFILE   (the file npm run keys:export wrote: into DATA_DIR/keys), or',
        "  set ENCRYPTION_KEY to the file's ENCRYPTION_KEY value.",
        'Started without it, the portal would make a new key and could not read the restored files and secrets.',
      ].join('\n'),
    );
  if (vaultMissing.length > 0)
    console.log(
      [
        `Put the Aadhaar vault's key back too; it needs ${vaultMissing.join(', ')}:`,
        "  npm run keys:import -- KEYFILE   (into DATA_DIR/keys/aadhaar), or set AADHAAR_KEY to the file's AADHAAR_KEY value.",
        'Started without it, the portal could not read the restored Aadhaar numbers.',
      ].join('\n'),
    );
  return 0;
}

runCommand(main, 'Restore', [BackupError]);
