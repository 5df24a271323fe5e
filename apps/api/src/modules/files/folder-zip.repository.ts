import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Seen } from './files.repository.js';

/** What a folder's ZIP holds: one folder and all below it, or a service's whole tree (`folderId` null). */
export type ZipScope = { clientId: number; serviceId: number; folderId: number | null };

export type ZipFolderRow = { id: number; parent_id: number | null; folder_name: string; created_at: string };

export type ZipFileRow = { id: number; file_name: string; store_name: string; size_bytes: number; created_at: string };

/**
 * The folders of the scope as one recursive query (index `folders_parent_index`). A reader who sees only
 * shared items never enters a firm-only folder: it and everything below it are left out.
 */
function folderTree(scope: ZipScope, seen: Seen): RawBuilder<unknown> {
  const shared = (alias: string) => (seen.sharedOnly ? sql` and ${sql.ref(`${alias}.visibility`)} = 'shared'` : sql``);
  const start =
    scope.folderId === null
      ? sql`top.client_id = ${scope.clientId} and top.service_id = ${scope.serviceId} and top.parent_id is null`
      : sql`top.id = ${scope.folderId}`;
  // Nothing in the trash (docs/decisions/0043): a trashed folder and all below it are left out.
  return sql`tree (id, parent_id, folder_name, created_at) as (
      select top.id, top.parent_id, top.folder_name, top.created_at from folders top
      where ${start} and top.deleted_at is null${shared('top')}
      union all
      select below.id, below.parent_id, below.folder_name, below.created_at
      from folders below join tree on below.parent_id = tree.id
      where below.deleted_at is null${shared('below')}
    )`;
}

/** Every folder the archive holds, the root included when the scope is a folder. Folder rows are few and small. */
export async function listZipFolders(db: Kysely<DB>, scope: ZipScope, seen: Seen): Promise<ZipFolderRow[]> {
  const result = await sql<ZipFolderRow>`with recursive ${folderTree(scope, seen)}
    select id, parent_id, folder_name, created_at from tree`.execute(db);
  return result.rows.map((row) => ({
    ...row,
    id: Number(row.id),
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
  }));
}

/**
 * How many files the archive holds and their bytes, for the activity log, in one query: the tree's files
 * and the top level's as two index ranges (an `or` of the two would read the whole table on PostgreSQL).
 */
export async function summarizeZip(
  db: Kysely<DB>,
  scope: ZipScope,
  seen: Seen,
): Promise<{ files: number; bytes: number }> {
  const shared = seen.sharedOnly
    ? sql` and files.visibility = 'shared' and files.deleted_at is null`
    : sql` and files.deleted_at is null`;
  const topLevel =
    scope.folderId === null
      ? sql` union all select files.size_bytes from files
          where files.client_id = ${scope.clientId} and files.service_id = ${scope.serviceId} and files.folder_id is null${shared}`
      : sql``;
  const result = await sql<{
    files: number | string;
    bytes: number | string | null;
  }>`with recursive ${folderTree(scope, seen)},
    held (size_bytes) as (
      select files.size_bytes from files where files.folder_id in (select id from tree)${shared}${topLevel}
    )
    select count(*) as files, sum(size_bytes) as bytes from held`.execute(db);
  const row = result.rows[0];
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/**
 * One page of a directory's files, oldest first, after the id `after` (keyset; indexes
 * `files_folder_order_index` and `files_top_level_index`): only current versions, only shared ones for a
 * reader who sees only those.
 */
export async function listZipFilePage(
  db: Kysely<DB>,
  place: { folderId: number } | { clientId: number; serviceId: number },
  page: { after: number; limit: number } & Seen,
): Promise<ZipFileRow[]> {
  let query = db
    .selectFrom('files')
    .select(['files.id', 'files.file_name', 'files.store_name', 'files.size_bytes', 'files.created_at'])
    .where('files.id', '>', page.after)
    .where('files.deleted_at', 'is', null);
  query =
    'folderId' in place
      ? query.where('files.folder_id', '=', place.folderId)
      : query
          .where('files.client_id', '=', place.clientId)
          .where('files.service_id', '=', place.serviceId)
          .where('files.folder_id', 'is', null);
  if (page.sharedOnly) query = query.where('files.visibility', '=', 'shared');
  const rows = await query.orderBy('files.id').limit(page.limit).execute();
  return rows.map((row) => ({ ...row, size_bytes: Number(row.size_bytes) }));
}

/** The client's and the service's names, for the archive's own name. */
export async function findZipOwnerNames(
  db: Kysely<DB>,
  clientId: number,
  serviceId: number,
): Promise<{ client: string; service: string }> {
  const [client, service] = await Promise.all([
    db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', clientId).executeTakeFirst(),
    db.selectFrom('services').select('service_name').where('id', '=', serviceId).executeTakeFirst(),
  ]);
  return {
    client: `${client?.first_name ?? ''} ${client?.last_name ?? ''}`.trim(),
    service: service?.service_name ?? '',
  };
}
