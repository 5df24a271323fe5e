import type { AuditAction } from '@portal/contract/audit-actions';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { recordClientEvent } from '../audit/audit.service.js';

/** What a file event is about: a file, a folder, or a service's top level, of one client. */
type EventItem = { kind: 'file' | 'folder' | 'service'; id: number; clientId: number };

/** Who did it, from where and when. */
export type EventBy = { actor: Actor; ip: string; at: Date };

/**
 * One event of a client's files in the activity log (`file.upload`, `folder.delete`…), in the caller's
 * transaction when `db` is one: filed under the item's client, named by the item.
 */
export function recordFileEvent(
  db: Kysely<DB>,
  action: AuditAction,
  item: EventItem,
  by: EventBy,
  details?: Record<string, unknown>,
): Promise<void> {
  const record = { type: item.kind, id: item.id, clientId: item.clientId };
  return recordClientEvent(db, action, record, { actorId: by.actor.id, ip: by.ip, at: by.at }, details);
}
