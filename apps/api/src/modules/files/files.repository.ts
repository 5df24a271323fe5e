import { type Kysely, type Selectable, sql } from 'kysely';
import { insertRow } from '../../db/insert-new-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import type { DB, FilesTable, FileVisibility } from '../../db/schema.js';
import type { DelegatedScope } from '../../policy/authorize.js';
import { whereAssignmentWorkHeldBy } from '../../policy/client-service-reach.js';

export type FolderRow = {
  id: number;
  client_id: number;
  service_id: number;
  parent_id: number | null;
  folder_name: string;
  created_by: number | null;
  created_at: string;
  visibility: FileVisibility;
  creator_first_name: string | null;
  creator_last_name: string | null;
  children: number;
  files: number;
};

/**
 * What a reader sees of a level: everything (staff who see firm-only items), or only what is shared with
 * the client (`file.firm_only`, docs/decisions/0039).
 */
export type Seen = { sharedOnly: boolean };

/**
 * A file with the name of who uploaded it, and who owns it for `own-upload`: its uploader, unless the
 * file keeps an earlier version someone else uploaded (a client re-uploading over staff's file does not
 * make it its own to delete; docs/decisions/0037).
 */
export type FileRow = Selectable<FilesTable> & {
  uploader_first_name: string | null;
  uploader_last_name: string | null;
  owner_id: number | null;
};

/** `FileRow.owner_id` as SQL, read by every list and lookup of a file (`file_versions_file_index`). */
const ownerIdColumn = sql<number | null>`case when files.version_count > 1 and (files.uploaded_by is null or exists (
    select 1 from file_versions v where v.file_id = files.id and (v.uploaded_by is null or v.uploaded_by <> files.uploaded_by)
  )) then null else files.uploaded_by end`.as('owner_id');

/** A file as a list shows it: not where it is stored, its digest or its key. */
export type FileListRow = Pick<
  FileRow,
  | 'id'
  | 'service_id'
  | 'folder_id'
  | 'file_name'
  | 'size_bytes'
  | 'mime_type'
  | 'notes'
  | 'client_can_delete'
  | 'uploaded_by'
  | 'created_at'
  | 'client_id'
  | 'visibility'
  | 'version_count'
  | 'owner_id'
  | 'uploader_first_name'
  | 'uploader_last_name'
>;

/** Folders with their creator and how much they hold (of what the reader sees), in one query. */
function selectFolders(db: Kysely<DB>, seen: Seen) {
  return db
    .selectFrom('folders')
    .$call(joinPersonName('creator', 'folders.created_by'))
    .selectAll('folders')
    .select([
      (eb) =>
        eb
          .selectFrom('folders as child')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('child.parent_id', '=', 'folders.id')
          .where('child.deleted_at', 'is', null)
          .$if(seen.sharedOnly, (q) => q.where('child.visibility', '=', 'shared'))
          .as('children'),
      (eb) =>
        eb
          .selectFrom('files')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('files.folder_id', '=', 'folders.id')
          .where('files.deleted_at', 'is', null)
          .$if(seen.sharedOnly, (q) => q.where('files.visibility', '=', 'shared'))
          .as('files'),
    ]);
}

const ALL_SEEN: Seen = { sharedOnly: false };

const normalizeFolder = (row: Record<string, unknown>): FolderRow =>
  ({ ...row, children: Number(row.children ?? 0), files: Number(row.files ?? 0) }) as FolderRow;

export async function listFolders(
  db: Kysely<DB>,
  clientId: number,
  serviceId: number,
  parentId: number | null,
  seen: Seen,
): Promise<FolderRow[]> {
  let query = selectFolders(db, seen)
    .where('folders.client_id', '=', clientId)
    .where('folders.service_id', '=', serviceId)
    .where('folders.deleted_at', 'is', null)
    .$if(seen.sharedOnly, (q) => q.where('folders.visibility', '=', 'shared'));
  query =
    parentId === null ? query.where('folders.parent_id', 'is', null) : query.where('folders.parent_id', '=', parentId);
  const rows = await query.orderBy(sql`lower(folders.folder_name)`).orderBy('folders.id').execute();
  return rows.map(normalizeFolder);
}

/** One folder with what it holds (not one in the trash); `seen` decides which of its contents are counted. */
export async function findFolder(db: Kysely<DB>, id: number, seen: Seen = ALL_SEEN): Promise<FolderRow | undefined> {
  const row = await selectFolders(db, seen)
    .where('folders.id', '=', id)
    .where('folders.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? normalizeFolder(row) : undefined;
}

export type FolderPathEntry = { id: number; folder_name: string; visibility: FileVisibility };

/** The chain from the top-level folder down to `folderId`, with one recursive query. */
export async function listFolderPath(db: Kysely<DB>, folderId: number): Promise<FolderPathEntry[]> {
  const result = await sql<FolderPathEntry & { depth: number }>`
    with recursive chain (id, parent_id, folder_name, visibility, depth) as (
      select id, parent_id, folder_name, visibility, 0 from folders where id = ${folderId}
      union all
      select parent.id, parent.parent_id, parent.folder_name, parent.visibility, chain.depth + 1
      from folders parent join chain on parent.id = chain.parent_id
      where chain.depth < 100
    )
    select id, folder_name, visibility, depth from chain order by depth desc`.execute(db);
  return result.rows.map((row) => ({ id: Number(row.id), folder_name: row.folder_name, visibility: row.visibility }));
}

/** Whether a folder or one above it is firm-only (then nothing in it reaches the client). */
export async function isFolderFirmOnly(db: Kysely<DB>, folderId: number): Promise<boolean> {
  return (await listFolderPath(db, folderId)).some((entry) => entry.visibility === 'firm');
}

export async function updateVisibility(
  db: Kysely<DB>,
  table: 'files' | 'folders',
  id: number,
  visibility: FileVisibility,
): Promise<void> {
  await db.updateTable(table).set({ visibility }).where('id', '=', id).execute();
}

export function insertFolder(
  db: Kysely<DB>,
  values: {
    clientId: number;
    serviceId: number;
    parentId: number | null;
    name: string;
    createdBy: number;
    now: string;
    visibility: FileVisibility;
  },
): Promise<number> {
  return insertRow(db, 'folders', {
    client_id: values.clientId,
    service_id: values.serviceId,
    parent_id: values.parentId,
    folder_name: values.name,
    created_by: values.createdBy,
    created_at: values.now,
    visibility: values.visibility,
  });
}

/** Files with who uploaded them: the one join every read of files starts from. */
const fromFilesWithUploader = (db: Kysely<DB>) =>
  db.selectFrom('files').$call(joinPersonName('uploader', 'files.uploaded_by'));

function selectFiles(db: Kysely<DB>) {
  return fromFilesWithUploader(db).selectAll('files').select(ownerIdColumn);
}

// Reading a row's every column cost a third of a page's SQL (better-sqlite3 makes each value and row).
const FILE_LIST_COLUMNS = [
  'files.id',
  'files.service_id',
  'files.folder_id',
  'files.file_name',
  'files.size_bytes',
  'files.mime_type',
  'files.notes',
  'files.client_can_delete',
  'files.uploaded_by',
  'files.created_at',
  'files.client_id',
  'files.visibility',
  'files.version_count',
] as const;

/** Files not in the trash (docs/decisions/0043), newest first. */
function selectFileList(db: Kysely<DB>) {
  return fromFilesWithUploader(db)
    .select(FILE_LIST_COLUMNS)
    .select(ownerIdColumn)
    .where('files.deleted_at', 'is', null)
    .orderBy('files.id', 'desc');
}

/**
 * A page of files, newest first: those older than `before`, and one more to tell whether more follow;
 * only the shared ones for a reader who does not see firm-only files.
 */
type FilePage = { before?: number; limit: number } & Seen;

const asListRows = (rows: FileListRow[]): FileListRow[] =>
  rows.map((row) => ({ ...row, size_bytes: Number(row.size_bytes) }));

const topLevelWhere = (db: Kysely<DB>, clientId: number, serviceId: number) =>
  selectFileList(db)
    .where('files.client_id', '=', clientId)
    .where('files.service_id', '=', serviceId)
    .where('files.folder_id', 'is', null);

/** A folder's files, a page at a time (index `files_folder_order_index`). */
export async function listFilesOfFolder(db: Kysely<DB>, folderId: number, page: FilePage): Promise<FileListRow[]> {
  let query = selectFileList(db).where('files.folder_id', '=', folderId);
  if (page.sharedOnly) query = query.where('files.visibility', '=', 'shared');
  if (page.before !== undefined) query = query.where('files.id', '<', page.before);
  return asListRows(await query.limit(page.limit + 1).execute());
}

/** The files kept at a service's top level, beside its folders (index `files_top_level_index`). */
export async function listTopLevelFiles(
  db: Kysely<DB>,
  clientId: number,
  serviceId: number,
  page: FilePage,
): Promise<FileListRow[]> {
  let query = topLevelWhere(db, clientId, serviceId);
  if (page.sharedOnly) query = query.where('files.visibility', '=', 'shared');
  if (page.before !== undefined) query = query.where('files.id', '<', page.before);
  return asListRows(await query.limit(page.limit + 1).execute());
}

/** A file by id, unless it is in the trash: then it is found by nothing but the trash. */
export async function findFile(db: Kysely<DB>, id: number): Promise<FileRow | undefined> {
  const row = await selectFiles(db).where('files.id', '=', id).where('files.deleted_at', 'is', null).executeTakeFirst();
  return row ? { ...row, size_bytes: Number(row.size_bytes) } : undefined;
}

export function insertFile(
  db: Kysely<DB>,
  values: Omit<
    FileRow,
    | 'id'
    | 'uploader_first_name'
    | 'uploader_last_name'
    | 'version_count'
    | 'owner_id'
    | 'deleted_at'
    | 'deleted_by'
    | 'trash_id'
  >,
): Promise<number> {
  return insertRow(db, 'files', values);
}

/**
 * A client's newest files across its services (the client dashboard): only those shared with it, outside
 * every firm-only folder (`hidden`: the client's firm-only folders and all below them, one recursive query).
 */
export async function listRecentFilesOfClient(db: Kysely<DB>, clientId: number, limit: number): Promise<FileListRow[]> {
  const rows = await db
    .withRecursive('hidden(id)', (qb) =>
      qb
        .selectFrom('folders')
        .select('folders.id')
        .where('folders.client_id', '=', clientId)
        .where('folders.visibility', '=', 'firm')
        .unionAll((inner) =>
          inner.selectFrom('folders as below').innerJoin('hidden', 'hidden.id', 'below.parent_id').select('below.id'),
        ),
    )
    .selectFrom('files')
    .$call(joinPersonName('uploader', 'files.uploaded_by'))
    .select(FILE_LIST_COLUMNS)
    .select(ownerIdColumn)
    .where('files.client_id', '=', clientId)
    .where('files.visibility', '=', 'shared')
    .where('files.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('files.folder_id', 'is', null),
        eb('files.folder_id', 'not in', eb.selectFrom('hidden').select('hidden.id')),
      ]),
    )
    .orderBy('files.id', 'desc')
    .limit(limit)
    .execute();
  return asListRows(rows);
}

/**
 * Client services other firms handed to an MPC: the `delegated` relation (`delegatedScopeFor`) as SQL; for
 * a PC or executor of its firm, those with work assigned to it (`delegated-handler`).
 */
export function listServicesSharedWith(db: Kysely<DB>, scope: DelegatedScope) {
  const { workOf } = scope;
  return db
    .selectFrom('service_assignments')
    .$call(joinPersonName('client', 'service_assignments.client_id', 'inner'))
    .innerJoin('services', 'services.id', 'service_assignments.service_id')
    .select(['service_assignments.client_id', 'service_assignments.service_id', 'services.service_name'])
    .where('service_assignments.mpc_id', '=', scope.mpcId)
    .where('client.assign_service_type', '=', scope.assignsToStaff ? 1 : 0)
    .where('client.status', '!=', 'deactivated')
    .$call(whereAssignmentWorkHeldBy(workOf))
    .orderBy('client.first_name')
    .orderBy('services.service_name')
    .limit(500)
    .execute();
}
