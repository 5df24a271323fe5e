import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from '../storage/private-paths.js';
import {
  activateKeyFile,
  type DataKey,
  EncryptionKeyError,
  hasActiveKeyFile,
  loadKeyring,
  parseEncryptionKeys,
  saveKeyFile,
} from './keyring.js';

/*
 * The data keys travel apart from the backups (docs/deployment.md, docs/decisions/0016): a key file
 * is an environment file holding one line, `ENCRYPTION_KEY=<active key>,<older keys>`, usable as it is
 * by `npm run keys:import`, systemd's EnvironmentFile or docker's --env-file.
 */
const VARIABLE = 'ENCRYPTION_KEY';

/** Writes every key the portal knows (the active one first) to a new file of mode 600; answers their ids. */
export function exportKeys(options: { encryptionKey: string | undefined; dataDir: string }, file: string): string[] {
  const keysDir = path.join(options.dataDir, 'keys');
  // loadKeyring would make a key here; one no data is sealed under is no use to a backup.
  if (!options.encryptionKey && !hasActiveKeyFile(keysDir))
    throw new EncryptionKeyError(`There is no key to export: ${keysDir} has none and ENCRYPTION_KEY is not set.`);
  const keys = loadKeyring(options).list();
  const ids = keys.map((key) => key.id);
  const text = [
    `# Practice portal data keys ${ids.join(', ')}, exported ${new Date().toISOString()}.`,
    '# Secret: with this file, a backup of the portal can be read. Keep it apart from the backups.',
    `# Put back with: npm run keys:import -- FILE (into DATA_DIR/keys), or set ${VARIABLE} to the value below.`,
    `${VARIABLE}=${keys.map((key) => key.key.toString('base64url')).join(',')}`,
    '',
  ].join('\n');
  fs.writeFileSync(file, text, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  return ids;
}

/** The keys of a file `exportKeys` wrote (or any `ENCRYPTION_KEY=` line). */
export function readKeyFile(file: string): DataKey[] {
  const line = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((entry) => entry.trim())
    .find((entry) => entry.startsWith(`${VARIABLE}=`));
  const keys = line ? parseEncryptionKeys(line.slice(VARIABLE.length + 1).replace(/^["']|["']$/g, '')) : null;
  if (!keys) throw new EncryptionKeyError(`${file} holds no ${VARIABLE}= line with valid keys.`);
  return keys;
}

export type ImportReport = { added: string[]; present: string[]; activated: string | null };

/**
 * Puts keys into DATA_DIR/keys; the file's first key becomes the active one unless the folder has an
 * active key already (then it stays: both decrypt, the active one only seals new data).
 */
export function importKeys(dataDir: string, keys: DataKey[]): ImportReport {
  const keysDir = path.join(dataDir, 'keys');
  const report: ImportReport = { added: [], present: [], activated: null };
  for (const key of keys) {
    const existing = path.join(keysDir, `${key.id}.key`);
    if (fs.existsSync(existing)) {
      report.present.push(key.id);
      continue;
    }
    saveKeyFile(keysDir, key);
    report.added.push(key.id);
  }
  const first = keys[0];
  if (first && !hasActiveKeyFile(keysDir)) {
    activateKeyFile(keysDir, first.id);
    report.activated = first.id;
  }
  return report;
}
