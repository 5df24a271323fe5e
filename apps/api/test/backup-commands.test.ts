import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApiScript } from '../bench/portal-process.js';
import { createBackup } from '../src/backup/create-backup.js';
import { restoreBackup } from '../src/backup/restore-backup.js';
import { exportKeys, importKeys, readKeyFile } from '../src/encryption/key-transfer.js';
import { activateKeyFile, createKeyFile, loadKeyring } from '../src/encryption/keyring.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

describe('backup, restore and key commands refuse what they cannot do safely', () => {
  // Made in beforeAll: a describe whose tests are all filtered out runs no hook, and would leave it.
  let root: string;
  let source: TestDatabase;
  let backupDir: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-commands-'));
    source = await createTestDatabase('sqlite');
    backupDir = path.join(root, 'backup');
    await createBackup({ dataDir: source.dataDir, databaseUrl: undefined, destination: backupDir });
  });
  afterAll(async () => {
    await source.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('fails in one clear line, writing nothing, when pg_dump is not on PATH', async () => {
    const destination = path.join(root, 'no-pg-dump');
    const result = await runApiScript('src/backup.ts', [destination], {
      DATA_DIR: path.join(root, 'pg-data'),
      DATABASE_URL: 'postgres://portal@127.0.0.1:1/portal',
      PATH: path.join(root, 'empty-path'),
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^pg_dump was not found on PATH: install the PostgreSQL client tools/);
    expect(fs.existsSync(destination)).toBe(false);
  }, 30_000);

  it('keys:export never overwrites a file and keys:import names a missing one, each in one line', async () => {
    const dataDir = path.join(root, 'keys-commands');
    const keysDir = path.join(dataDir, 'keys');
    activateKeyFile(keysDir, createKeyFile(keysDir).id);
    const existing = path.join(root, 'already-here.keys');
    fs.writeFileSync(existing, 'mine');
    const exported = await runApiScript('src/keys-export.ts', [existing], { DATA_DIR: dataDir });
    expect(exported.code).toBe(1);
    expect(exported.stderr.trim()).toBe(
      'That file exists already: give a new file name (a key file is never overwritten).',
    );
    expect(fs.readFileSync(existing, 'utf8')).toBe('mine');
    const imported = await runApiScript('src/keys-import.ts', [path.join(root, 'missing.keys')], { DATA_DIR: dataDir });
    expect(imported.code).toBe(1);
    expect(imported.stderr.trim()).toBe('That key file does not exist.');
    const usage = await runApiScript('src/keys-import.ts', [], { DATA_DIR: dataDir });
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run keys:import -- FILE');
  }, 30_000);

  it('writes a backup only into a new or empty folder outside DATA_DIR, of an existing database', async () => {
    const occupied = path.join(root, 'occupied');
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, 'notes.txt'), 'mine');
    const backup = (destination: string, dataDir = source.dataDir) =>
      createBackup({ dataDir, databaseUrl: undefined, destination });
    await expect(backup(occupied)).rejects.toThrow(`${occupied} is not empty`);
    expect(fs.readdirSync(occupied)).toEqual(['notes.txt']);
    await expect(backup(path.join(source.dataDir, 'backups'))).rejects.toThrow('is inside DATA_DIR');
    const nowhere = path.join(root, 'no-data');
    await expect(backup(path.join(root, 'of-nothing'), nowhere)).rejects.toThrow('There is no database at');
    expect(fs.existsSync(path.join(root, 'of-nothing'))).toBe(false);
    expect(fs.existsSync(nowhere)).toBe(false);
  });

  it('restores nothing from a folder without a manifest, or a list naming a path outside DATA_DIR', async () => {
    const dataDir = path.join(root, 'target');
    await expect(restoreBackup({ source: root, dataDir, databaseUrl: undefined })).rejects.toThrow(
      'has no manifest.json: it is not a backup',
    );
    const tampered = path.join(root, 'tampered');
    fs.cpSync(backupDir, tampered, { recursive: true });
    const list = `${JSON.stringify({ path: '../../escape', size: 1, sha256: 'a'.repeat(64), keyId: null })}\n`;
    fs.writeFileSync(path.join(tampered, 'manifest-files.jsonl'), list);
    const manifestFile = path.join(tampered, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    manifest.fileList = {
      ...manifest.fileList,
      size: list.length,
      sha256: createHash('sha256').update(list).digest('hex'),
    };
    manifest.files = { count: 1, bytes: 1 };
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    await expect(restoreBackup({ source: tampered, dataDir, databaseUrl: undefined })).rejects.toThrow(
      'manifest-files.jsonl: line 1 is not a file entry',
    );
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(fs.existsSync(path.join(root, 'escape'))).toBe(false);
    // Untampered, the same backup restores.
    await restoreBackup({ source: backupDir, dataDir, databaseUrl: undefined });
    expect(fs.readdirSync(dataDir).sort()).toEqual(['documents', 'files', 'portal.sqlite']);
  });

  it('exports every key, the active one first, to a new private file that keys:import puts back', () => {
    const dataDir = path.join(root, 'keys-source');
    expect(() => exportKeys({ encryptionKey: undefined, dataDir }, path.join(root, 'none.env'))).toThrow(
      'There is no key to export',
    );
    const first = loadKeyring({ encryptionKey: undefined, dataDir }).active();
    const keysDir = path.join(dataDir, 'keys');
    const second = createKeyFile(keysDir);
    activateKeyFile(keysDir, second.id);
    const keyFile = path.join(root, 'keys.env');
    expect(exportKeys({ encryptionKey: undefined, dataDir }, keyFile)).toEqual([second.id, first.id]);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(() => exportKeys({ encryptionKey: undefined, dataDir }, keyFile)).toThrow(/EEXIST/);

    const restored = path.join(root, 'keys-restored');
    const report = importKeys(restored, readKeyFile(keyFile));
    expect(report).toEqual({ added: [second.id, first.id], present: [], activated: second.id });
    const keyring = loadKeyring({ encryptionKey: undefined, dataDir: restored });
    expect(keyring.list().map((key) => key.id)).toEqual([second.id, first.id]);
    expect(keyring.find(first.id)?.key.equals(first.key)).toBe(true);
    expect(importKeys(restored, readKeyFile(keyFile)).present).toEqual([second.id, first.id]);

    fs.writeFileSync(path.join(root, 'bad.env'), 'ENCRYPTION_KEY=short\n');
    expect(() => readKeyFile(path.join(root, 'bad.env'))).toThrow('holds no ENCRYPTION_KEY= line with valid keys');
  });
});
