import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The client files, current or earlier versions, stored under these names (`store_name` is unique in
 * each table, so an index lookup per name).
 */
export async function listFilesByStoreNames(db: Kysely<DB>, storeNames: string[]) {
  const [current, earlier] = await Promise.all([
    db.selectFrom('files').select(['client_id', 'store_name']).where('store_name', 'in', storeNames).execute(),
    db.selectFrom('file_versions').select(['client_id', 'store_name']).where('store_name', 'in', storeNames).execute(),
  ]);
  return [...current, ...earlier];
}
