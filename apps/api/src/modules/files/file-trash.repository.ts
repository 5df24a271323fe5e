import { type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database.js';
import { chunkIds } from '../../db/id-chunks.js';
import { insertRow } from '../../db/insert-new-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import type { DB, FileTrashItemType, FileTrashTable, FileVisibility } from '../../db/schema.js';

/** One deletion in a service's trash (docs/decisions/0043). */
export type TrashEntryRow = Selectable<FileTrashTable>;
export type TrashListRow = TrashEntryRow & { deleter_first_name: string | null; deleter_last_name: string | null };

/** Ids are written in chunks: a folder may hold more files than a statement takes parameters. */
export const chunk = chunkIds;

const asEntry = <R extends TrashEntryRow>(row: R): R => ({
  ...row,
  size_bytes: Number(row.size_bytes),
  file_count: Number(row.file_count),
});

export function insertTrashEntry(db: Kysely<DB>, values: Omit<TrashEntryRow, 'id'>): Promise<number> {
  return insertRow(db, 'file_trash', values);
}

export type TrashMarks = { deleted_at: string | null; deleted_by: number | null; trash_id: number | null };

/** Marks live rows as taken by one deletion (or, with nulls, live again). */
export async function markTrashed(
  db: Kysely<DB>,
  table: 'files' | 'folders',
  ids: readonly number[],
  marks: TrashMarks,
): Promise<void> {
  for (const part of chunk(ids))
    await db.updateTable(table).set(marks).where('id', 'in', part).where('deleted_at', 'is', null).execute();
}

/** A live folder and every live folder below it, with one recursive query (`folders_parent_index`). */
export async function listLiveFolderTree(db: Kysely<DB>, rootId: number): Promise<number[]> {
  const result = await sql<{ id: number }>`
    with recursive tree (id, depth) as (
      select id, 0 from folders where id = ${rootId} and deleted_at is null
      union all
      select below.id, tree.depth + 1 from folders below join tree on below.parent_id = tree.id
      where below.deleted_at is null and tree.depth < 100
    )
    select id from tree`.execute(db);
  return result.rows.map((row) => Number(row.id));
}

/** The live files in these folders: their ids, and how many and how large, for the trash entry. */
export async function listLiveFilesIn(
  db: Kysely<DB>,
  folderIds: readonly number[],
): Promise<{ id: number; size_bytes: number }[]> {
  const files: { id: number; size_bytes: number }[] = [];
  for (const part of chunk(folderIds)) {
    const rows = await db
      .selectFrom('files')
      .select(['id', 'size_bytes'])
      .where('folder_id', 'in', part)
      .where('deleted_at', 'is', null)
      .execute();
    files.push(...rows.map((row) => ({ id: row.id, size_bytes: Number(row.size_bytes) })));
  }
  return files;
}

export async function findTrashEntry(db: Kysely<DB>, id: number): Promise<TrashEntryRow | undefined> {
  const row = await db.selectFrom('file_trash').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? asEntry(row) : undefined;
}

/** Holds the entry until the transaction ends (PostgreSQL; SQLite writes one transaction at a time). */
export async function lockTrashEntry(db: Kysely<DB>, dialect: DialectName, id: number): Promise<void> {
  if (dialect === 'postgres') await sql`select id from file_trash where id = ${id} for update`.execute(db);
}

/**
 * The folders of a client service a reader who sees only shared items does not see: the firm-only ones
 * and all below them, live or in the trash (an entry deleted from inside one never shows to the client).
 */
const hiddenFolders = (clientId: number, serviceId: number) => sql`(
  with recursive hidden (id) as (
    select id from folders where client_id = ${clientId} and service_id = ${serviceId} and visibility = 'firm'
    union all
    select below.id from folders below join hidden on below.parent_id = hidden.id
  )
  select id from hidden)`;

/** What one reader sees of a trash: all of it, or only shared entries (and only those it deleted). */
export type TrashView = { sharedOnly: boolean; deletedBy?: number };

/**
 * A page of a service's trash, newest deletion first (keyset on `file_trash_service_index`), one more
 * than `limit` to tell whether more follow.
 */
export async function listTrashEntries(
  db: Kysely<DB>,
  place: { clientId: number; serviceId: number },
  page: { before?: number | undefined; limit: number } & TrashView,
): Promise<TrashListRow[]> {
  let query = db
    .selectFrom('file_trash')
    .$call(joinPersonName('deleter', 'file_trash.deleted_by'))
    .selectAll('file_trash')
    .where('file_trash.client_id', '=', place.clientId)
    .where('file_trash.service_id', '=', place.serviceId);
  if (page.before !== undefined) query = query.where('file_trash.id', '<', page.before);
  if (page.deletedBy !== undefined) query = query.where('file_trash.deleted_by', '=', page.deletedBy);
  if (page.sharedOnly)
    query = query
      .where('file_trash.firm_only', '=', 0)
      .where((eb) =>
        eb.or([
          eb('file_trash.from_folder_id', 'is', null),
          sql<SqlBool>`file_trash.from_folder_id not in ${hiddenFolders(place.clientId, place.serviceId)}`,
        ]),
      );
  const rows = await query
    .orderBy('file_trash.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  return rows.map(asEntry);
}

/** A folder row whatever its state: whether it is there, and in the trash. */
export function findFolderState(db: Kysely<DB>, id: number) {
  return db.selectFrom('folders').select(['id', 'deleted_at']).where('id', '=', id).executeTakeFirst();
}

/** A file's or folder's own row, for its restore. */
export function findTrashedRoot(db: Kysely<DB>, type: FileTrashItemType, id: number) {
  return type === 'file'
    ? db
        .selectFrom('files')
        .select(['id', 'file_name as name', 'visibility', 'trash_id'])
        .where('id', '=', id)
        .executeTakeFirst()
    : db
        .selectFrom('folders')
        .select(['id', 'folder_name as name', 'visibility', 'trash_id'])
        .where('id', '=', id)
        .executeTakeFirst();
}

/**
 * Whether a live file (or folder) of this name, whatever its case, and of this visibility is in the place:
 * a restored item of its name is renamed (`files_same_name_index`, `folders_sibling_name_unique`).
 */
export async function isNameTaken(
  db: Kysely<DB>,
  type: FileTrashItemType,
  place: { clientId: number; serviceId: number; folderId: number | null; name: string; visibility: FileVisibility },
): Promise<boolean> {
  const table = type === 'file' ? 'files' : 'folders';
  const parent = type === 'file' ? 'folder_id' : 'parent_id';
  const nameColumn = type === 'file' ? 'file_name' : 'folder_name';
  const row = await sql<{ id: number }>`select id from ${sql.table(table)}
    where client_id = ${place.clientId} and service_id = ${place.serviceId}
      and coalesce(${sql.ref(parent)}, 0) = ${place.folderId ?? 0}
      and lower(${sql.ref(nameColumn)}) = lower(${place.name})
      and visibility = ${place.visibility} and deleted_at is null
    limit 1`.execute(db);
  return row.rows.length > 0;
}

/** The restored root's place, name and visibility, live again. */
export async function placeRestoredRoot(
  db: Kysely<DB>,
  type: FileTrashItemType,
  id: number,
  place: { folderId: number | null; name: string; visibility: FileVisibility },
): Promise<void> {
  const live = { deleted_at: null, deleted_by: null, trash_id: null, visibility: place.visibility };
  if (type === 'file')
    await db
      .updateTable('files')
      .set({ ...live, folder_id: place.folderId, file_name: place.name })
      .where('id', '=', id)
      .execute();
  else
    await db
      .updateTable('folders')
      .set({ ...live, parent_id: place.folderId, folder_name: place.name })
      .where('id', '=', id)
      .execute();
}

/** Every row one deletion took is live again (`files_trash_index`, `folders_trash_index`). */
export async function reviveRowsOf(db: Kysely<DB>, trashId: number): Promise<void> {
  const live = { deleted_at: null, deleted_by: null, trash_id: null };
  await db.updateTable('folders').set(live).where('trash_id', '=', trashId).execute();
  await db.updateTable('files').set(live).where('trash_id', '=', trashId).execute();
}

export async function deleteTrashEntries(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  for (const part of chunk(ids)) await db.deleteFrom('file_trash').where('id', 'in', part).execute();
}
