import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { chunk, type TrashEntryRow } from './file-trash.repository.js';

/**
 * A folder and every folder below it, whatever their state, deepest first: a purge takes the whole tree,
 * and deletes children before their parents (`folders_parent_index`).
 */
export async function listFolderSubtree(db: Kysely<DB>, rootId: number): Promise<number[]> {
  const result = await sql<{ id: number; depth: number }>`
    with recursive tree (id, depth) as (
      select id, 0 from folders where id = ${rootId}
      union all
      select below.id, tree.depth + 1 from folders below join tree on below.parent_id = tree.id
      where tree.depth < 100
    )
    select id, depth from tree order by depth desc, id`.execute(db);
  return result.rows.map((row) => Number(row.id));
}

export type PurgedFile = { id: number; client_id: number; store_name: string; size_bytes: number };

/** The files of these ids or in these folders, whatever their state (`files_folder_order_index`). */
export async function listFilesToPurge(
  db: Kysely<DB>,
  target: { fileIds: readonly number[]; folderIds: readonly number[] },
): Promise<PurgedFile[]> {
  const found = new Map<number, PurgedFile>();
  const take = (rows: PurgedFile[]) => {
    for (const row of rows) found.set(row.id, { ...row, size_bytes: Number(row.size_bytes) });
  };
  const columns = ['id', 'client_id', 'store_name', 'size_bytes'] as const;
  for (const part of chunk(target.fileIds))
    take(await db.selectFrom('files').select(columns).where('id', 'in', part).execute());
  for (const part of chunk(target.folderIds))
    take(await db.selectFrom('files').select(columns).where('folder_id', 'in', part).execute());
  return [...found.values()];
}

/** The earlier versions of these files, each with the blob it names (`file_versions_file_index`). */
export async function listVersionBlobsOf(db: Kysely<DB>, fileIds: readonly number[]) {
  const versions: { id: number; client_id: number; store_name: string }[] = [];
  for (const part of chunk(fileIds))
    versions.push(
      ...(await db
        .selectFrom('file_versions')
        .select(['id', 'client_id', 'store_name'])
        .where('file_id', 'in', part)
        .execute()),
    );
  return versions;
}

/**
 * The trash entries whose rows are among these (an item deleted on its own, then the folder it was in):
 * they go with the purge.
 */
export async function listEntriesOfRows(
  db: Kysely<DB>,
  rows: { fileIds: readonly number[]; folderIds: readonly number[] },
): Promise<number[]> {
  const ids = new Set<number>();
  for (const [table, list] of [
    ['files', rows.fileIds],
    ['folders', rows.folderIds],
  ] as const)
    for (const part of chunk(list)) {
      const found = await db
        .selectFrom(table)
        .select('trash_id')
        .where('id', 'in', part)
        .where('trash_id', 'is not', null)
        .execute();
      for (const row of found) ids.add(row.trash_id as number);
    }
  return [...ids];
}

/** Deletes files with their versions (their request links go with them, `partOf`). */
export async function deleteFilesAndVersions(db: Kysely<DB>, fileIds: readonly number[]): Promise<void> {
  for (const part of chunk(fileIds)) {
    await db.deleteFrom('file_versions').where('file_id', 'in', part).execute();
    await db.deleteFrom('files').where('id', 'in', part).execute();
  }
}

/** Deletes folders given deepest first: a chunk never holds a parent whose child a later chunk deletes. */
export async function deleteFoldersDeepestFirst(db: Kysely<DB>, folderIds: readonly number[]): Promise<void> {
  for (const part of chunk(folderIds)) await db.deleteFrom('folders').where('id', 'in', part).execute();
}

/**
 * The oldest entries deleted before `before`, of one firm's clients (`file_trash_firm_index`) or, `firmId`
 * null, of every client whose firm is not in `otherFirms` (`file_trash_deleted_index`).
 */
export function listExpiredEntries(
  db: Kysely<DB>,
  filter: {
    before: string;
    firmId: number | null;
    otherFirms: readonly number[];
    limit: number;
    /** Clients on legal hold: their entries wait (issue 25). */
    exceptClients?: readonly number[];
  },
): Promise<TrashEntryRow[]> {
  let query = db.selectFrom('file_trash').selectAll().where('deleted_at', '<', filter.before);
  if (filter.exceptClients && filter.exceptClients.length > 0)
    query = query.where('client_id', 'not in', [...filter.exceptClients]);
  if (filter.firmId !== null) query = query.where('firm_id', '=', filter.firmId);
  else if (filter.otherFirms.length > 0)
    query = query.where((eb) => eb.or([eb('firm_id', 'is', null), eb('firm_id', 'not in', [...filter.otherFirms])]));
  return query
    .orderBy('deleted_at')
    .orderBy('id')
    .limit(filter.limit)
    .execute()
    .then((rows) =>
      rows.map((row) => ({ ...row, size_bytes: Number(row.size_bytes), file_count: Number(row.file_count) })),
    );
}
