import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  type FirmOverApi,
  type PortalProcess,
  runApiScript,
  setUpFirm,
  signIn,
  startPortalProcess,
} from '../bench/portal-process.js';
import { createBackup } from '../src/backup/create-backup.js';
import type { DialectName } from '../src/db/database.js';
import { copyLedger, downloadSha, type Ledger, listTopLevelFiles, startWorkload } from './support/portal-workload.js';
import { listTestDialects } from './support/test-database.js';
import { nameThrowaway } from './support/throwaway-names.js';

const ADMIN = { email: 'owner@backup.test', password: 'Owner@2026' };

/** A new, empty PostgreSQL database beside TEST_DATABASE_URL's, and its dropping. */
async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL as string;
  const name = nameThrowaway('backup');
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function countTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query("select count(*)::int as n from pg_tables where schemaname = 'public'");
    return result.rows[0].n;
  } finally {
    await client.end();
  }
}

/** Every file under a folder, recursively. */
/** The blob keys of files deleted and waiting out the backup window (storage/removed-blobs.ts). */
async function readTombstonedKeys(databaseUrl: string | undefined, dataDir: string): Promise<string[]> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query('select blob_key from removed_blobs')).rows.map((row) => row.blob_key as string);
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'), { readonly: true });
  try {
    return (db.prepare('select blob_key from removed_blobs').all() as { blob_key: string }[]).map(
      (row) => row.blob_key,
    );
  } finally {
    db.close();
  }
}

function listFilesIn(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((entry) => (entry.isFile() ? [path.join(entry.parentPath, entry.name)] : []));
}

describe.each(listTestDialects())('backup and restore of a running portal (%s)', (dialect: DialectName) => {
  // Made in beforeAll: a describe whose tests are all filtered out runs no hook, and would leave it.
  let root: string;
  let dataDir: string;
  let backupDir: string;
  let keyFile: string;
  const cleanups: (() => Promise<void>)[] = [];
  const portals: PortalProcess[] = [];
  let portal: PortalProcess;
  let env: Record<string, string>;
  let firm: FirmOverApi;
  let atBackup: Ledger;
  let afterBackup: Ledger;
  let backupOutput: string;
  let key: Buffer;

  /** A fresh target: a folder (and for PostgreSQL a new database) to restore into. */
  const freshTarget = async (name: string) => {
    const target: Record<string, string> = { DATA_DIR: path.join(root, name) };
    if (dialect === 'postgres') {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      target.DATABASE_URL = database.url;
    }
    return target;
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
    dataDir = path.join(root, 'data');
    backupDir = path.join(root, 'backup');
    keyFile = path.join(root, 'portal-keys.env');
    env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    if (dialect === 'postgres') {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      // On PostgreSQL the key comes from the environment; on SQLite from DATA_DIR/keys (exported below).
      env.DATABASE_URL = database.url;
      env.ENCRYPTION_KEY = randomBytes(32).toString('base64url');
    }
    portal = await startPortalProcess(env);
    portals.push(portal);
    firm = await setUpFirm(portal.base, ADMIN);
    const workload = startWorkload(portal.base, firm);
    while (workload.ledger.uploads.size < 12 || workload.ledger.lastEdit < 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    // What the portal acknowledged before the backup began must all be in it.
    atBackup = copyLedger(workload.ledger);
    const backup = await runApiScript('src/backup.ts', [backupDir], env);
    backupOutput = backup.stdout + backup.stderr;
    await workload.stop();
    afterBackup = copyLedger(workload.ledger);
    expect(workload.errors).toEqual([]);
    expect(backup.code, backupOutput).toBe(0);
    if (dialect === 'sqlite') {
      const exported = await runApiScript('src/keys-export.ts', [keyFile], { DATA_DIR: dataDir });
      expect(exported.code, exported.stderr).toBe(0);
      const keysDir = path.join(dataDir, 'keys');
      const active = fs.readFileSync(path.join(keysDir, 'active'), 'utf8').trim();
      key = Buffer.from(fs.readFileSync(path.join(keysDir, `${active}.key`), 'utf8').trim(), 'base64url');
    } else key = Buffer.from(env.ENCRYPTION_KEY as string, 'base64url');
  }, 120_000);

  afterAll(async () => {
    for (const running of portals) await running.stop();
    for (const cleanup of cleanups) await cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('restores into an empty folder a portal holding every acknowledged row and file, intact', async () => {
    expect(afterBackup.uploads.size).toBeGreaterThan(atBackup.uploads.size);
    // Deletions ran all through the backup; their files waited under tombstones, so nothing named was missing.
    expect(backupOutput).toContain('Database snapshot written');
    expect(backupOutput).not.toContain('were missing before the backup');
    const target = await freshTarget('restored');
    const restored = await runApiScript('src/restore.ts', [backupDir], target);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('every SHA-256 checked');
    // Progress as it goes: the last file's line is always printed, with the backup's totals.
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(restored.stdout).toMatch(
      new RegExp(
        `^Checked ${manifest.files.count} of ${manifest.files.count} files \\([0-9.]+ MB of [0-9.]+ MB\\)$`,
        'm',
      ),
    );
    expect(backupOutput).toMatch(new RegExp(`^Copied ${manifest.files.count} files \\([0-9.]+ MB\\)$`, 'm'));
    expect(restored.stdout).toContain('put the encryption key back');
    if (dialect === 'sqlite') {
      const imported = await runApiScript('src/keys-import.ts', [keyFile], target);
      expect(imported.code, imported.stderr).toBe(0);
    }
    const second = await startPortalProcess(
      dialect === 'sqlite' ? target : { ...target, ENCRYPTION_KEY: env.ENCRYPTION_KEY as string },
    );
    portals.push(second);
    const token = await signIn(second.base, firm.mpc.email, firm.mpc.password);

    const files = await listTopLevelFiles(second.base, firm, token);
    const ids = new Set(files.map((file) => file.file_id));
    // Acknowledged before the backup began: there, unless deleted (before it began: gone; during it: either).
    for (const [id] of atBackup.uploads) {
      if (atBackup.deleted.has(id)) expect(ids.has(id), `file ${id}`).toBe(false);
      else if (!afterBackup.deleted.has(id)) expect(ids.has(id), `file ${id}`).toBe(true);
    }
    for (const file of files) {
      // Only acknowledged uploads, each with exactly the bytes sent.
      expect(afterBackup.uploads.has(file.file_id)).toBe(true);
      expect(await downloadSha(second.base, file.download_url)).toBe(afterBackup.uploads.get(file.file_id));
    }
    const folders = await callApi(second.base, token, 'GET', `/api/folders/${firm.clientId}/${firm.serviceId}`);
    const names = new Set((folders.body.data as { folder_name: string }[]).map((folder) => folder.folder_name));
    for (const name of atBackup.folders) expect(names.has(name)).toBe(true);

    const adminToken = await signIn(second.base, ADMIN.email, ADMIN.password);
    const detail = await callApi(second.base, adminToken, 'GET', `/api/user/detail/${firm.mpc.id}`);
    const mpc = detail.body.data as { first_name: string; user_document: { url: string }[] };
    const edit = Number(mpc.first_name.replace('Edit', ''));
    expect(edit).toBeGreaterThanOrEqual(atBackup.lastEdit);
    expect(await downloadSha(second.base, mpc.user_document[0]?.url as string)).toBe(afterBackup.edits.get(edit));
    await second.stop();
  }, 90_000);

  it('holds no encryption key, and the manifest lists every stored file with its size and SHA-256', () => {
    expect(backupOutput).toContain('It holds no encryption key');
    expect(fs.existsSync(path.join(backupDir, 'keys'))).toBe(false);
    const forms = [
      key,
      Buffer.from(key.toString('base64url')),
      Buffer.from(key.toString('base64')),
      Buffer.from(key.toString('hex')),
    ];
    for (const file of listFilesIn(backupDir)) {
      const bytes = fs.readFileSync(file);
      for (const form of forms) expect(bytes.includes(form), file).toBe(false);
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    const entries = fs
      .readFileSync(path.join(backupDir, 'manifest-files.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const stored = listFilesIn(backupDir).filter((file) => /\/(files|documents)\//.test(file));
    expect(entries.map((entry) => entry.path).sort()).toEqual(
      stored.map((file) => path.relative(backupDir, file)).sort(),
    );
    expect(manifest.files.count).toBe(entries.length);
    expect(manifest.keyIds).toContain(entries[0].keyId);
  });

  it('refuses a backup with a changed or a missing file, restoring nothing', async () => {
    const damaged = path.join(root, 'damaged');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const entries = fs
      .readFileSync(path.join(damaged, 'manifest-files.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const changed = entries[0].path;
    const removed = entries[1].path;
    const changedFile = path.join(damaged, changed);
    const bytes = fs.readFileSync(changedFile);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    fs.writeFileSync(changedFile, bytes);
    fs.rmSync(path.join(damaged, removed));

    const target = await freshTarget('refused');
    const result = await runApiScript('src/restore.ts', [damaged], target);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The backup failed its check, nothing was restored');
    expect(result.stderr).toContain(`${changed}: its SHA-256 differs from the manifest's`);
    expect(result.stderr).toContain(`${removed}: missing from the backup`);
    expect(fs.existsSync(target.DATA_DIR as string)).toBe(false);
    if (target.DATABASE_URL) expect(await countTables(target.DATABASE_URL)).toBe(0);
  }, 30_000);

  it('restores only into an empty DATA_DIR and leaves a full one as it was', async () => {
    const target = await freshTarget('occupied');
    fs.mkdirSync(path.join(target.DATA_DIR as string, 'files'), { recursive: true });
    fs.writeFileSync(path.join(target.DATA_DIR as string, 'portal.sqlite'), 'mine');
    const result = await runApiScript('src/restore.ts', [backupDir], target);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not empty');
    expect(fs.readdirSync(target.DATA_DIR as string).sort()).toEqual(['files', 'portal.sqlite']);
    expect(fs.readFileSync(path.join(target.DATA_DIR as string, 'portal.sqlite'), 'utf8')).toBe('mine');
  }, 30_000);

  it('keeps a file the portal deletes after the snapshot named it, in one snapshot, and names a file lost before', async () => {
    const files = await listTopLevelFiles(portal.base, firm, firm.mpc.token);
    const deleted = files[0];
    // What the snapshot will name: every stored blob but those of files deleted earlier (their tombstones).
    const tombstoned = new Set(await readTombstonedKeys(env.DATABASE_URL, dataDir));
    const before = listFilesIn(path.join(dataDir, 'files'))
      .map((file) => path.relative(dataDir, file))
      .filter((relative) => !tombstoned.has(relative));
    const report = await createBackup({
      dataDir,
      databaseUrl: env.DATABASE_URL,
      destination: path.join(root, 'raced'),
      afterSnapshot: async () => {
        const answer = await callApi(portal.base, firm.mpc.token, 'DELETE', `/api/file/remove/${deleted?.file_id}`);
        expect(answer.status).toBe(200);
      },
    });
    // The deleted file's row is gone, but its blob waits out the backup window under a tombstone: every
    // file the snapshot named is still on disk, and in the backup.
    expect(before.filter((relative) => !fs.existsSync(path.join(dataDir, relative)))).toEqual([]);
    const copied = fs
      .readFileSync(path.join(root, 'raced', 'manifest-files.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { path: string }).path);
    expect(before.filter((relative) => !copied.includes(relative))).toEqual([]);
    // Besides the client files, the users' documents the snapshot names.
    expect(copied.filter((relative) => !before.includes(relative) && !relative.startsWith('documents/'))).toEqual([]);
    for (const relative of before) expect(fs.existsSync(path.join(root, 'raced', relative))).toBe(true);
    expect(report.manifest.lost).toEqual([]);
    // The backup's working folder goes with it.
    expect(fs.readdirSync(path.join(dataDir, 'tmp')).filter((entry) => entry.startsWith('backup-'))).toEqual([]);

    // A file removed behind the portal's back is missing: named as lost, not waited for.
    const victim = before.find((relative) => fs.existsSync(path.join(dataDir, relative))) as string;
    fs.rmSync(path.join(dataDir, victim));
    const second = await createBackup({ dataDir, databaseUrl: env.DATABASE_URL, destination: path.join(root, 'lost') });
    expect(second.manifest.lost).toEqual([victim]);
  }, 60_000);
});
