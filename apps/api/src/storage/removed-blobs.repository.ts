import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** Marks a blob whose row is being deleted, in the same transaction; its removal waits (removed-blobs.ts). */
export async function insertRemovedBlob(db: Kysely<DB>, key: string, at: string): Promise<void> {
  await db
    .insertInto('removed_blobs')
    .values({ blob_key: key, removed_at: at })
    .onConflict((conflict) => conflict.column('blob_key').doNothing())
    .execute();
}

/** The oldest tombstones removed before `before`, a batch at a time (an index range). */
export function listRemovedBlobsBefore(db: Kysely<DB>, before: string, limit: number) {
  return db
    .selectFrom('removed_blobs')
    .select(['id', 'blob_key'])
    .where('removed_at', '<', before)
    .orderBy('removed_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function deleteRemovedBlob(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('removed_blobs').where('id', '=', id).execute();
}

/** Which of these keys wait in a tombstone (unique index lookups of the batch). */
export async function findRemovedBlobKeys(db: Kysely<DB>, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('removed_blobs').select('blob_key').where('blob_key', 'in', keys).execute();
  return new Set(rows.map((row) => row.blob_key));
}
