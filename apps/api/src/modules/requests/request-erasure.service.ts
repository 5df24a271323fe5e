import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { deleteRequestsOfClient } from './requests.repository.js';

/**
 * Erasing a client (the `retention` module): its document requests go, with their checklists, messages,
 * links and mail log; the files uploaded against them stay files of the client, kept or purged by period.
 */
export function eraseRequestsOf(db: Kysely<DB>, clientId: number): Promise<number> {
  return deleteRequestsOfClient(db, clientId);
}
