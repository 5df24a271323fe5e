import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The client files stored under these names (`store_name` is unique, so an index lookup per name). */
export function listFilesByStoreNames(db: Kysely<DB>, storeNames: string[]) {
  return db.selectFrom('files').select(['client_id', 'store_name']).where('store_name', 'in', storeNames).execute();
}
