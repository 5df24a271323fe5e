import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from '../storage/private-paths.js';
import { aadhaarKeysDirOf, loadAadhaarKeyring } from './aadhaar-keyring.js';
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
 * is an environment file holding the line `ENCRYPTION_KEY=<active key>,<older keys>` and, once the
 * Aadhaar vault has a key, `AADHAAR_KEY=<active key>,<older keys>` (docs/decisions/0044), usable as it
 * is by `npm run keys:import`, systemd's EnvironmentFile or docker's --env-file.
 */
const VARIABLE = 'ENCRYPTION_KEY';
const AADHAAR_VARIABLE = 'AADHAAR_KEY';

type KeySources = { encryptionKey: string | undefined; aadhaarKey?: string | undefined; dataDir: string };

/**
 * Writes every key the portal knows (the active one first) to a new file of mode 600, the Aadhaar
 * vault's keys on a line of their own; answers the data keys' ids.
 */
export function exportKeys(options: KeySources, file: string): string[] {
  const keysDir = path.join(options.dataDir, 'keys');
  // loadKeyring would make a key here; one no data is sealed under is no use to a backup.
  if (!options.encryptionKey && !hasActiveKeyFile(keysDir))
    throw new EncryptionKeyError(`There is no key to export: ${keysDir} has none and ENCRYPTION_KEY is not set.`);
  const dataKeyring = loadKeyring(options);
  const keys = dataKeyring.list();
  // Likewise the vault's: exported once a portal has made (or been given) one.
  const vaultKeys =
    options.aadhaarKey || hasActiveKeyFile(aadhaarKeysDirOf(options.dataDir))
      ? loadAadhaarKeyring({ aadhaarKey: options.aadhaarKey, dataDir: options.dataDir }, dataKeyring).list()
      : [];
  const ids = keys.map((key) => key.id);
  const line = (variable: string, list: DataKey[]) =>
    `${variable}=${list.map((key) => key.key.toString('base64url')).join(',')}`;
  const text = [
    `# Practice portal data keys ${ids.join(', ')}, exported ${new Date().toISOString()}.`,
    '# Secret: with this file, a backup of the portal can be read. Keep it apart from the backups.',
    `# Put back with: npm run keys:import -- FILE (into DATA_DIR/keys), or set ${VARIABLE} to the value below.`,
    line(VARIABLE, keys),
    ...(vaultKeys.length > 0
      ? [
          `# The Aadhaar vault's keys ${vaultKeys.map((key) => key.id).join(', ')}: put back by the same command, or set ${AADHAAR_VARIABLE}.`,
          line(AADHAAR_VARIABLE, vaultKeys),
        ]
      : []),
    '',
  ].join('\n');
  fs.writeFileSync(file, text, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  return ids;
}

/** The keys of the file's `variable=` line, null when it has none or they are not valid keys. */
function readKeyLine(file: string, variable: string): DataKey[] | null | undefined {
  const line = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((entry) => entry.trim())
    .find((entry) => entry.startsWith(`${variable}=`));
  if (line === undefined) return undefined;
  return parseEncryptionKeys(line.slice(variable.length + 1).replace(/^["']|["']$/g, ''));
}

/** The keys of a file `exportKeys` wrote (or any `ENCRYPTION_KEY=` line). */
export function readKeyFile(file: string): DataKey[] {
  const keys = readKeyLine(file, VARIABLE);
  if (!keys) throw new EncryptionKeyError(`${file} holds no ${VARIABLE}= line with valid keys.`);
  return keys;
}

/** The Aadhaar vault's keys of such a file: none when it has no `AADHAAR_KEY=` line (an older export). */
export function readAadhaarKeysOf(file: string): DataKey[] {
  const keys = readKeyLine(file, AADHAAR_VARIABLE);
  if (keys === null) throw new EncryptionKeyError(`${file} holds an ${AADHAAR_VARIABLE}= line without valid keys.`);
  return keys ?? [];
}

export type ImportReport = { added: string[]; present: string[]; activated: string | null };

/**
 * Puts keys into DATA_DIR/keys; the file's first key becomes the active one unless the folder has an
 * active key already (then it stays: both decrypt, the active one only seals new data).
 */
export function importKeys(dataDir: string, keys: DataKey[]): ImportReport {
  return importKeysInto(path.join(dataDir, 'keys'), keys);
}

/** The same for the Aadhaar vault's keys, into DATA_DIR/keys/aadhaar. */
export function importAadhaarKeys(dataDir: string, keys: DataKey[]): ImportReport {
  return importKeysInto(aadhaarKeysDirOf(dataDir), keys);
}

function importKeysInto(keysDir: string, keys: DataKey[]): ImportReport {
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
