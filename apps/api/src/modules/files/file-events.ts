import type { AuditAction } from '@portal/contract/audit-actions';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { recordClientEvent } from '../audit/audit.service.js';
import type { TrashEntryRow } from './file-trash.repository.js';

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

/**
 * A trash entry's event (`file.purge`, `folder.restore`): about the entry's item, named by `name` and
 * filed with the entry's id, then `details`.
 */
export function recordTrashEntryEvent(
  db: Kysely<DB>,
  step: 'purge' | 'restore',
  entry: Pick<TrashEntryRow, 'id' | 'item_type' | 'item_id' | 'client_id'>,
  by: EventBy,
  details: { name: string } & Record<string, unknown>,
): Promise<void> {
  const { name, ...more } = details;
  const item = { kind: entry.item_type, id: entry.item_id, clientId: entry.client_id };
  const named = { [`${entry.item_type}_name`]: name, trash_id: entry.id, ...more };
  return recordFileEvent(db, `${entry.item_type}.${step}`, item, by, named);
}
