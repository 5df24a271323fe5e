import path from 'node:path';
import { z } from 'zod';

/*
 * A backup folder (docs/deployment.md, docs/decisions/0016):
 *
 *   manifest.json          what the backup holds: format, database, counts, keys needed; written last
 *   manifest-files.jsonl   one line per stored file: {"path","size","sha256","keyId"}
 *   database.sqlite        SQLite: the online-backup snapshot; or
 *   database.pgdump        PostgreSQL: pg_dump's custom format, taken in the same snapshot as the file list
 *   files/<client id>/<store name>, documents/<store name>   the stored files, still encrypted
 *
 * Never a key: DATA_DIR/keys (the Aadhaar vault's keys/aadhaar too), ENCRYPTION_KEY and AADHAAR_KEY
 * stay out, exported apart by `npm run keys:export`.
 */
export const MANIFEST_FILE = 'manifest.json';
export const FILE_LIST = 'manifest-files.jsonl';
export const BACKUP_FORMAT = 'practice-portal-backup';
export const BACKUP_VERSION = 1;

export const DATABASE_FILE = { sqlite: 'database.sqlite', postgres: 'database.pgdump' } as const;

const sha256Text = z.string().regex(/^[a-f0-9]{64}$/);
const sizeNumber = z.number().int().min(0);

/**
 * Paths a backup may hold: exactly the shapes the storage writes (storage/file-storage.ts,
 * storage/document-storage.ts), so a tampered manifest cannot name a place outside DATA_DIR.
 */
const STORED_PATH = /^(files\/[1-9][0-9]{0,15}\/[a-f0-9]{32}|documents\/[a-f0-9]{32}(\.[a-z0-9]{1,5})?)$/;

export const fileEntrySchema = z.strictObject({
  path: z.string().regex(STORED_PATH, 'is not a stored file path'),
  size: sizeNumber,
  sha256: sha256Text,
  /** The data key the file is sealed under (read from its header; null: not an encrypted file). */
  keyId: z
    .string()
    .regex(/^[a-f0-9]{16}$/)
    .nullable(),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;

export const manifestSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  /** When the database snapshot was taken: the backup holds what was committed then. */
  createdAt: z.string(),
  database: z.strictObject({
    dialect: z.enum(['sqlite', 'postgres']),
    path: z.enum([DATABASE_FILE.sqlite, DATABASE_FILE.postgres]),
    size: sizeNumber,
    sha256: sha256Text,
    /** Migrations applied in the snapshot: a portal older than the backup cannot restore it. */
    migrations: z.array(z.string()),
  }),
  fileList: z.strictObject({ path: z.literal(FILE_LIST), size: sizeNumber, sha256: sha256Text }),
  files: z.strictObject({ count: sizeNumber, bytes: sizeNumber }),
  /** Data keys the backup needs (file headers and sealed user secrets); ids only, never a key. */
  keyIds: z.array(z.string()),
  /** The Aadhaar vault's keys its numbers are under (docs/decisions/0044); ids only. Absent before the vault. */
  aadhaarKeyIds: z.array(z.string()).optional(),
  /** Files the snapshot names that were already gone from DATA_DIR before the backup (not a race). */
  lost: z.array(z.string().regex(STORED_PATH)),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A stored file as the snapshot names it; `path` is relative to DATA_DIR and to the backup. */
export type StoredFileRef = { path: string };

export function clientFilePath(clientId: number, storeName: string): string {
  return `files/${clientId}/${storeName}`;
}

export function documentPath(storeName: string): string {
  return `documents/${storeName}`;
}

export function isStoredPath(value: string): boolean {
  return STORED_PATH.test(value);
}

/** A relative backup path on this system's separators, under `root`. */
export function resolveIn(root: string, relative: string): string {
  return path.join(root, ...relative.split('/'));
}
