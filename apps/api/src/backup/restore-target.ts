import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../db/database.js';
import { aadhaarKeysDirOf } from '../encryption/aadhaar-keyring.js';
import { parseEncryptionKeys } from '../encryption/keyring.js';
import { BackupError } from './pg-tools.js';

// DATA_DIR may already hold the key put back before the restore; nothing else.
const ALLOWED_BEFORE_RESTORE = new Set(['keys']);
const STAGING = /^\.restore-[a-f0-9]{12}$/;

/** DATA_DIR is missing (made here) or empty apart from keys/; answers whether it was made here. */
export async function prepareDataDir(dataDir: string): Promise<boolean> {
  let entries: string[];
  try {
    entries = await fsp.readdir(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await fsp.mkdir(dataDir, { recursive: true, mode: 0o700 });
    return true;
  }
  // Staging left by a restore that was killed (a failed one removes its own): never part of the data.
  for (const entry of entries.filter((name) => STAGING.test(name)))
    await fsp.rm(path.join(dataDir, entry), { recursive: true, force: true });
  const present = entries.filter((entry) => !ALLOWED_BEFORE_RESTORE.has(entry) && !STAGING.test(entry));
  if (present.length > 0)
    throw new BackupError(
      `DATA_DIR (${dataDir}) is not empty (${present.slice(0, 5).join(', ')}): a restore fills an empty folder only, so nothing is overwritten.`,
    );
  await fsp.chmod(dataDir, 0o700);
  return false;
}

/** The database at DATABASE_URL has no table yet (a restore never mixes rows with others). */
export async function assertEmptyPostgres(url: string): Promise<void> {
  const database = openDatabase({ kind: 'postgres', url });
  try {
    const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
    if (tables.length > 0)
      throw new BackupError(
        `The database at DATABASE_URL already has tables (${tables
          .slice(0, 5)
          .map((table) => table.name)
          .join(', ')}): restore into a new, empty database.`,
      );
  } finally {
    await database.destroy();
  }
}

/** Moves the staged, verified parts into DATA_DIR: the folders first, the database last. */
export async function moveIntoPlace(staging: string, dataDir: string, databaseFile: string | null): Promise<void> {
  for (const folder of ['files', 'documents']) {
    const staged = path.join(staging, folder);
    await fsp.mkdir(staged, { recursive: true, mode: 0o700 });
    await fsp.rename(staged, path.join(dataDir, folder));
  }
  if (databaseFile) await fsp.rename(path.join(staging, databaseFile), path.join(dataDir, 'portal.sqlite'));
}

/** Which of `needed` the portal would find now (ENCRYPTION_KEY, DATA_DIR/keys); ids only. */
export function findAvailableKeyIds(needed: string[], dataDir: string, encryptionKey: string | undefined): string[] {
  return findKeyIdsIn(needed, path.join(dataDir, 'keys'), encryptionKey);
}

/** The same for the Aadhaar vault's keys (AADHAAR_KEY, DATA_DIR/keys/aadhaar). */
export function findAvailableAadhaarKeyIds(
  needed: string[],
  dataDir: string,
  aadhaarKey: string | undefined,
): string[] {
  return findKeyIdsIn(needed, aadhaarKeysDirOf(dataDir), aadhaarKey);
}

function findKeyIdsIn(needed: string[], keysDir: string, variable: string | undefined): string[] {
  const known = new Set((variable ? (parseEncryptionKeys(variable) ?? []) : []).map((key) => key.id));
  if (fs.existsSync(keysDir))
    for (const name of fs.readdirSync(keysDir)) if (name.endsWith('.key')) known.add(name.slice(0, -'.key'.length));
  return needed.filter((id) => known.has(id));
}
