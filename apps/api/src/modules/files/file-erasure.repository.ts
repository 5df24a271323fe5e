import type { Kysely } from 'kysely';
import { countRows } from '../../db/count-rows.js';
import type { DB } from '../../db/schema.js';
import { chunk } from './file-trash.repository.js';

/** Every file row of a client, in the trash or not, with its service and upload time (`files_client_index`). */
export function listFileDatesOfClient(db: Kysely<DB>, clientId: number) {
  return db
    .selectFrom('files')
    .select(['id', 'service_id', 'created_at'])
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
}
export type FileDateRow = Awaited<ReturnType<typeof listFileDatesOfClient>>[number];

export async function countFilesOfClient(db: Kysely<DB>, clientId: number): Promise<number> {
  return countRows(db.selectFrom('files').where('client_id', '=', clientId));
}

/** The client's folders, deepest first (a child before its parent), whatever their state. */
export async function listFoldersOfClientDeepestFirst(db: Kysely<DB>, clientId: number): Promise<number[]> {
  const rows = await db.selectFrom('folders').select(['id', 'parent_id']).where('client_id', '=', clientId).execute();
  const depthOf = new Map<number, number>();
  const parentOf = new Map(rows.map((row) => [row.id, row.parent_id]));
  const depth = (id: number, guard = 0): number => {
    const known = depthOf.get(id);
    if (known !== undefined) return known;
    const parent = parentOf.get(id);
    const value = parent == null || guard > 100 ? 0 : depth(parent, guard + 1) + 1;
    depthOf.set(id, value);
    return value;
  };
  return rows.map((row) => row.id).sort((a, b) => depth(b) - depth(a) || a - b);
}

/** The client's trash entries (a client with no file left has nothing to restore). */
export async function deleteTrashEntriesOfClient(db: Kysely<DB>, clientId: number): Promise<void> {
  const ids = (await db.selectFrom('file_trash').select('id').where('client_id', '=', clientId).execute()).map(
    (row) => row.id,
  );
  for (const table of ['files', 'folders'] as const)
    for (const part of chunk(ids))
      await db.updateTable(table).set({ trash_id: null }).where('trash_id', 'in', part).execute();
  for (const part of chunk(ids)) await db.deleteFrom('file_trash').where('id', 'in', part).execute();
}

/** Of these trash entries, those no file or folder row names any more (a folder's may still hold kept files). */
export async function listEntriesNoRowNames(db: Kysely<DB>, entryIds: readonly number[]): Promise<number[]> {
  const named = new Set<number>();
  for (const table of ['files', 'folders'] as const)
    for (const part of chunk(entryIds))
      for (const row of await db.selectFrom(table).select('trash_id').where('trash_id', 'in', part).execute())
        named.add(row.trash_id as number);
  return entryIds.filter((id) => !named.has(id));
}
