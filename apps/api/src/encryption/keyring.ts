import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDirSync, PRIVATE_FILE_MODE } from '../storage/private-paths.js';

/** A 256-bit data key and its id; the id is stored with every value and file it encrypts. */
export type DataKey = { id: string; key: Buffer };

/**
 * The keys that encrypt data at rest (docs/security.md). The active key encrypts; every known key
 * decrypts, so data written under an older key stays readable until `npm run keys:rotate` moves it.
 */
export type Keyring = {
  active(): DataKey;
  find(id: string): DataKey | undefined;
  /** Every key known now, the active one first. */
  list(): DataKey[];
  /** Reads the keys folder again now (a key made active by another process is otherwise seen within a second). */
  reload(): void;
  /** Where the active key comes from. */
  source: 'environment' | 'directory';
  keysDir: string;
};

/** A key that should be there is not, or is damaged: the server's fault, never the client's. */
export class EncryptionKeyError extends Error {}

const KEY_BYTES = 32;
const KEY_FILE_PATTERN = /^([a-f0-9]{16})\.key$/;
const ACTIVE_FILE = 'active';
// How often a running server looks for a key that `keys:rotate` made active meanwhile.
const REFRESH_INTERVAL_MS = 1000;

function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** `ENCRYPTION_KEY`: one or more keys (base64, base64url or 64 hex digits), comma-separated, the first active. */
export function parseEncryptionKeys(text: string): DataKey[] | null {
  const keys: DataKey[] = [];
  for (const part of text.split(',').map((entry) => entry.trim())) {
    if (!part) return null;
    const key = /^[0-9a-fA-F]{64}$/.test(part) ? Buffer.from(part, 'hex') : Buffer.from(part, 'base64url');
    if (key.length !== KEY_BYTES || !/^[A-Za-z0-9+/_=-]+$/.test(part)) return null;
    keys.push({ id: keyIdOf(key), key });
  }
  return keys.length > 0 ? keys : null;
}

function readKeyFiles(keysDir: string): Map<string, DataKey> {
  const keys = new Map<string, DataKey>();
  for (const name of fs.readdirSync(keysDir)) {
    if (!KEY_FILE_PATTERN.test(name)) continue;
    const key = Buffer.from(fs.readFileSync(path.join(keysDir, name), 'utf8').trim(), 'base64url');
    if (key.length !== KEY_BYTES) throw new EncryptionKeyError(`The key file ${name} in ${keysDir} is damaged.`);
    keys.set(keyIdOf(key), { id: keyIdOf(key), key });
  }
  return keys;
}

/** Writes a new random key into the keys folder (mode 600) and answers it; it is not active yet. */
export function createKeyFile(keysDir: string): DataKey {
  const key = randomBytes(KEY_BYTES);
  const dataKey = { id: keyIdOf(key), key };
  saveKeyFile(keysDir, dataKey);
  return dataKey;
}

/** Writes a given key into the keys folder (mode 600; `npm run keys:import`); never over another file. */
export function saveKeyFile(keysDir: string, dataKey: DataKey): void {
  ensurePrivateDirSync(keysDir);
  fs.writeFileSync(path.join(keysDir, `${dataKey.id}.key`), `${dataKey.key.toString('base64url')}\n`, {
    mode: PRIVATE_FILE_MODE,
    flag: 'wx',
  });
}

/** Whether the keys folder names an active key (a portal has started with it). */
export function hasActiveKeyFile(keysDir: string): boolean {
  return readActiveId(keysDir) !== null;
}

/** Makes `id` the key new data is encrypted with; atomic, so a running server never reads half a name. */
export function activateKeyFile(keysDir: string, id: string): void {
  const temporary = path.join(keysDir, `${ACTIVE_FILE}.${process.pid}.tmp`);
  fs.writeFileSync(temporary, `${id}\n`, { mode: PRIVATE_FILE_MODE });
  fs.renameSync(temporary, path.join(keysDir, ACTIVE_FILE));
}

function readActiveId(keysDir: string): string | null {
  try {
    return fs.readFileSync(path.join(keysDir, ACTIVE_FILE), 'utf8').trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Loads the keys: those of `ENCRYPTION_KEY` (the first active) and those in `DATA_DIR/keys/`. With
 * neither, a key is generated into `DATA_DIR/keys/` on first start.
 */
export function loadKeyring(options: { encryptionKey: string | undefined; dataDir: string }): Keyring {
  return openKeyring({
    keys: options.encryptionKey,
    keysDir: path.join(options.dataDir, 'keys'),
    variable: 'ENCRYPTION_KEY',
  });
}

/**
 * A keyring over one variable's keys (the first active) and one folder's key files; with neither, a
 * key is generated into the folder. The data key and the Aadhaar vault's key (aadhaar-keyring.ts) are
 * two such keyrings, each with its own variable and folder.
 */
export function openKeyring(options: { keys: string | undefined; keysDir: string; variable: string }): Keyring {
  const { keysDir } = options;
  const fromEnvironment = options.keys ? parseEncryptionKeys(options.keys) : null;
  if (options.keys && !fromEnvironment)
    throw new EncryptionKeyError(`${options.variable} is not a list of 32-byte keys.`);
  ensurePrivateDirSync(keysDir);

  let fileKeys = readKeyFiles(keysDir);
  let activeId = readActiveId(keysDir);
  if (!fromEnvironment && (!activeId || !fileKeys.has(activeId))) {
    if (activeId && !fileKeys.has(activeId))
      throw new EncryptionKeyError(`The active key ${activeId} is missing from ${keysDir}.`);
    const created = createKeyFile(keysDir);
    activateKeyFile(keysDir, created.id);
    fileKeys = readKeyFiles(keysDir);
    activeId = created.id;
  }
  let checkedAt = Date.now();
  let activeStamp = statActive(keysDir);

  const refresh = () => {
    fileKeys = readKeyFiles(keysDir);
    activeId = readActiveId(keysDir);
    activeStamp = statActive(keysDir);
    checkedAt = Date.now();
  };
  const find = (id: string): DataKey | undefined => fromEnvironment?.find((key) => key.id === id) ?? fileKeys.get(id);

  return {
    source: fromEnvironment ? 'environment' : 'directory',
    keysDir,
    active() {
      if (fromEnvironment) return fromEnvironment[0] as DataKey;
      if (Date.now() - checkedAt >= REFRESH_INTERVAL_MS) {
        checkedAt = Date.now();
        if (statActive(keysDir) !== activeStamp) refresh();
      }
      const key = activeId ? fileKeys.get(activeId) : undefined;
      if (!key) throw new EncryptionKeyError('The active encryption key is missing.');
      return key;
    },
    find(id) {
      const known = find(id);
      if (known) return known;
      // A key another process (keys:rotate) created after this one started.
      refresh();
      return find(id);
    },
    reload: refresh,
    list() {
      const active = this.active();
      const others = [...(fromEnvironment ?? []), ...fileKeys.values()].filter((key) => key.id !== active.id);
      return [active, ...others.filter((key, index) => others.findIndex((other) => other.id === key.id) === index)];
    },
  };
}

/** Changes whenever the active file is replaced (a rename gives it a new inode). */
function statActive(keysDir: string): string {
  try {
    const stat = fs.statSync(path.join(keysDir, ACTIVE_FILE));
    return `${stat.ino}:${stat.mtimeMs}`;
  } catch {
    return '';
  }
}
