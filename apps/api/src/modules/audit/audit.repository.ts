import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { scopeColumnsOf } from './audit-subject.js';

/**
 * One event of the activity log. Never a secret, token, signed link or sensitive value in `details`:
 * the log is read on screen and exported (docs/security.md).
 */
type AuditEntry = {
  actorId: number | null;
  action: string;
  entityType?: string;
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

/** Adds an event; the log is only ever added to (no function here or anywhere changes or removes one). */
export async function recordAudit(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
  const subjectId = subjectOf(entry);
  const subject =
    subjectId === null
      ? undefined
      : await db
          .selectFrom('users')
          .select(['id', 'role_id', 'firm_id'])
          .where('id', '=', subjectId)
          .executeTakeFirst();
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      entity_type: entry.entityType ?? null,
      entity_id: entry.entityId ?? null,
      ip: entry.ip ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      created_at: entry.at.toISOString(),
      ...scopeColumnsOf(subject, entry.actorId),
    })
    .execute();
}
