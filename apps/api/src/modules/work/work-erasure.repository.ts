import type { Kysely } from 'kysely';
import { chunkIds } from '../../db/id-chunks.js';
import type { DB } from '../../db/schema.js';

/** Every work item of a client with what dates its records (`work_items_client_index`). */
export function listWorkDatesOfClient(db: Kysely<DB>, clientId: number) {
  return db
    .selectFrom('work_items')
    .select(['id', 'service_id', 'period', 'due_date', 'status', 'is_open', 'filed_on', 'signed_on'])
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
}
export type WorkDateRow = Awaited<ReturnType<typeof listWorkDatesOfClient>>[number];

/** Deletes work items; their history, checklist steps, requests and notices go with them (foreign keys). */
export async function deleteWorkItemsByIds(db: Kysely<DB>, ids: readonly number[]): Promise<number> {
  let count = 0;
  for (const part of chunkIds(ids)) {
    const result = await db.deleteFrom('work_items').where('id', 'in', part).executeTakeFirst();
    count += Number(result.numDeletedRows);
  }
  return count;
}
