import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/*
 * What a database snapshot names on disk, read a page at a time (a platform may hold millions of
 * files): every client file (and each earlier version of one) and every user document, newest first. The newest are the ones a busy
 * portal is most likely to delete again soon (a wrong upload taken back), so they are pinned in the
 * first moments after the snapshot, before a deletion can race the backup (docs/decisions/0016).
 */

export function pageClientFiles(db: Kysely<DB>, beforeId: number | null, limit: number) {
  let query = db.selectFrom('files').select(['id', 'client_id', 'store_name']);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** The earlier versions of client files (docs/decisions/0037), a page at a time, newest first. */
export function pageClientFileVersions(db: Kysely<DB>, beforeId: number | null, limit: number) {
  let query = db.selectFrom('file_versions').select(['id', 'client_id', 'store_name']);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

export function pageUserDocuments(db: Kysely<DB>, beforeId: number | null, limit: number) {
  let query = db.selectFrom('user_documents').select(['id', 'store_name']);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** Keys the users' sealed sub-form secrets are under ('' means none is sealed). */
export async function listUserSecretKeyIds(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('secrets_key_id')
    .distinct()
    .where('secrets_key_id', 'is not', null)
    .where('secrets_key_id', '!=', '')
    .execute();
  return rows.map((row) => row.secrets_key_id as string);
}

/** The migrations the snapshot's schema has had, from Kysely's bookkeeping table. */
export async function listAppliedMigrations(db: Kysely<DB>): Promise<string[]> {
  const untyped = db as unknown as Kysely<{ kysely_migration: { name: string } }>;
  const rows = await untyped.selectFrom('kysely_migration').select('name').orderBy('name').execute();
  return rows.map((row) => row.name);
}
