import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { deleteWorkItemsByIds, listWorkDatesOfClient, type WorkDateRow } from './work-erasure.repository.js';

export type { WorkDateRow };

/** A client's work items as its erasure sorts them (the `retention` module): kept by period, or removed. */
export function listWorkOfClientForRetention(db: Kysely<DB>, clientId: number): Promise<WorkDateRow[]> {
  return listWorkDatesOfClient(db, clientId);
}

/**
 * Deletes work items of an erased client (at its erasure, or when their hold ends). Whatever billed them
 * lets go first (billing's `unlinkBilledWork`): the caller asks it, as billing sits above work.
 */
export function deleteWorkOfErasedClient(db: Kysely<DB>, ids: readonly number[]): Promise<number> {
  return deleteWorkItemsByIds(db, ids);
}
