import type { AuditTargetType } from '@portal/contract/audit';
import type { AuditAction } from '@portal/contract/audit-actions';
import type { Kysely } from 'kysely';
import { fullName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';
import { findAuditSubject, findLastActorName, insertAuditEvent, listActorsAboutClient } from './audit.repository.js';
import { scopeColumnsOf } from './audit-subject.js';

/**
 * One event of the activity log. Never a secret, token, signed link or sensitive value in `details`:
 * the log is read on screen and exported (docs/security.md).
 */
export type AuditEntry = {
  actorId: number | null;
  /** One of the contract's labelled actions: an action the Activity screen cannot name fails `tsc`. */
  action: AuditAction;
  /** One of the contract's kinds of target, each with its words on the Activity screen. */
  entityType?: AuditTargetType;
  entityId?: number;
  /**
   * The user the event is about, which decides whose Activity shows it: the client for its files,
   * folders and family members. By default the user the event names (`entityType` "user"), else the actor.
   */
  subjectId?: number | null;
  ip?: string;
  details?: Record<string, unknown>;
  at: Date;
};

function subjectOf(entry: AuditEntry): number | null {
  if (entry.subjectId !== undefined) return entry.subjectId;
  if (entry.entityType === 'user' && entry.entityId !== undefined) return entry.entityId;
  return entry.actorId;
}

/** Adds an event, in the caller's transaction when `db` is one. */
export async function recordAudit(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
  const subjectId = subjectOf(entry);
  const subject = subjectId === null ? undefined : await findAuditSubject(db, subjectId);
  await insertAuditEvent(db, {
    actor_id: entry.actorId,
    action: entry.action,
    entity_type: entry.entityType ?? null,
    entity_id: entry.entityId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
    created_at: entry.at.toISOString(),
    ...scopeColumnsOf(subject, entry.actorId),
  });
}

/** A record an event is about, filed under its client (whose Activity shows it). */
export type ClientRecord = { type: AuditTargetType; id: number; clientId: number };

/** Who made a change and when; a null actor is the portal itself (a scheduled run). */
export type ChangeMade = { actorId: number | null; at: Date; ip?: string | undefined };

/** An event about one of a client's records (a file, a document request…), in the caller's transaction. */
export function recordClientEvent(
  db: Kysely<DB>,
  action: AuditAction,
  record: ClientRecord,
  by: ChangeMade,
  details?: Record<string, unknown>,
): Promise<void> {
  return recordAudit(db, {
    actorId: by.actorId,
    action,
    entityType: record.type,
    entityId: record.id,
    subjectId: record.clientId,
    ...(details ? { details } : {}),
    ...(by.ip ? { ip: by.ip } : {}),
    at: by.at,
  });
}

/** Who last did one of `actions` to a user, by name (e.g. who disabled an account), or null. */
export async function findWhoLastActedOnUser(
  db: Kysely<DB>,
  userId: number,
  actions: readonly AuditAction[],
): Promise<string | null> {
  const actor = await findLastActorName(db, { type: 'user', id: userId }, actions);
  return actor ? fullName(actor.first_name, actor.last_name) : null;
}

/** A person who acted on a client's data, with the span and count of their events (its access download). */
export type ActorAboutClient = {
  id: number;
  name: string;
  roleId: number;
  firmId: number | null;
  firstAt: string;
  lastAt: string;
  events: number;
};

/** Everyone who acted on a client's data as the log records it, earliest first (the client itself left out). */
export async function summarizeActorsAboutClient(
  db: Kysely<DB>,
  ids: { firmId: number; clientId: number },
): Promise<ActorAboutClient[]> {
  const rows = await listActorsAboutClient(db, ids);
  return rows.map((row) => ({
    id: row.id,
    name: fullName(row.first_name, row.last_name),
    roleId: row.role_id,
    firmId: row.firm_id,
    firstAt: String(row.first_at),
    lastAt: String(row.last_at),
    events: Number(row.events),
  }));
}
