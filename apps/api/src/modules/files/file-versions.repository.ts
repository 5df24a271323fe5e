import { type Kysely, type Selectable, sql } from 'kysely';
import { countRows } from '../../db/count-rows.js';
import type { DialectName } from '../../db/database.js';
import { insertRow } from '../../db/insert-new-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import type { DB, FileVersionsTable, FileVisibility } from '../../db/schema.js';

/** What one content of a file is: the columns a version keeps and the `files` row holds for the current one. */
export type FileContent = Pick<
  Selectable<FileVersionsTable>,
  'file_name' | 'store_name' | 'size_bytes' | 'mime_type' | 'sha256' | 'key_id' | 'uploaded_by' | 'created_at'
>;

export type FileVersionRow = Selectable<FileVersionsTable> & {
  uploader_first_name: string | null;
  uploader_last_name: string | null;
};

/**
 * The file an upload becomes a new version of: same client service, same folder (or both at the top
 * level), same name whatever its case (`files_same_name_index`), and the same visibility: a shared upload
 * never lands in a firm-only file nor a firm-only one in a shared file, so a client never versions, or
 * learns of, a firm-only file.
 */
export function findSameNameFiles(
  db: Kysely<DB>,
  place: { clientId: number; serviceId: number; folderId: number | null; name: string; visibility: FileVisibility },
): Promise<{ id: number }[]> {
  const query = db
    .selectFrom('files')
    .select('files.id')
    .where('files.client_id', '=', place.clientId)
    .where('files.service_id', '=', place.serviceId)
    .where(sql`coalesce(files.folder_id, 0)`, '=', place.folderId ?? 0)
    .where(sql`lower(files.file_name)`, '=', sql`lower(${place.name})`)
    .where('files.visibility', '=', place.visibility)
    // A file in the trash takes no new version: the upload is a new file (docs/decisions/0043).
    .where('files.deleted_at', 'is', null);
  // A few, newest first: the upload joins the first it may (a client's own, or staff's; uploads.service).
  return query.orderBy('files.id', 'desc').limit(5).execute();
}

/** Holds the file's row until the transaction ends (PostgreSQL; SQLite writes one transaction at a time). */
export async function lockFile(db: Kysely<DB>, dialect: DialectName, fileId: number): Promise<void> {
  if (dialect === 'postgres') await sql`select id from files where id = ${fileId} for update`.execute(db);
}

/** Keeps a content as an earlier version of a file; answers the version's id. */
export function insertVersion(
  db: Kysely<DB>,
  file: { id: number; client_id: number },
  content: FileContent,
): Promise<number> {
  return insertRow(db, 'file_versions', { file_id: file.id, client_id: file.client_id, ...content });
}

/** Makes `content` the file's current one, with how many versions it now keeps. */
export async function updateCurrentContent(
  db: Kysely<DB>,
  fileId: number,
  change: FileContent & { version_count: number; notes?: string | null; client_can_delete?: number },
): Promise<void> {
  await db.updateTable('files').set(change).where('id', '=', fileId).execute();
}

/** A file's earlier versions, newest first, with who uploaded each (index `file_versions_file_index`). */
export async function listVersionsOfFile(db: Kysely<DB>, fileId: number): Promise<FileVersionRow[]> {
  const rows = await db
    .selectFrom('file_versions')
    .$call(joinPersonName('uploader', 'file_versions.uploaded_by'))
    .selectAll('file_versions')
    .where('file_versions.file_id', '=', fileId)
    .orderBy('file_versions.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, size_bytes: Number(row.size_bytes) }));
}

export async function findVersion(
  db: Kysely<DB>,
  fileId: number,
  versionId: number,
): Promise<Selectable<FileVersionsTable> | undefined> {
  const row = await db
    .selectFrom('file_versions')
    .selectAll()
    .where('id', '=', versionId)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return row ? { ...row, size_bytes: Number(row.size_bytes) } : undefined;
}

/** The versions past the newest `keep`, oldest last: the ones a firm's limit drops. */
export function listVersionsBeyond(db: Kysely<DB>, fileId: number, keep: number) {
  return db
    .selectFrom('file_versions')
    .select(['id', 'client_id', 'store_name', 'sha256'])
    .where('file_id', '=', fileId)
    .orderBy('id', 'desc')
    .limit(1_000_000)
    .offset(keep)
    .execute();
}

export async function deleteVersions(db: Kysely<DB>, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('file_versions').where('id', 'in', ids).execute();
}

export async function countVersions(db: Kysely<DB>, fileId: number): Promise<number> {
  return countRows(db.selectFrom('file_versions').where('file_id', '=', fileId));
}
