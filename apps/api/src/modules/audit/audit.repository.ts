import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type AuditEntry = {
  actorId: number | null;
  action: string;
  entityType?: string;
  entityId?: number;
  ip?: string;
  details?: Record<string, unknown>;
  at: Date;
};

export async function recordAudit(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
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
    })
    .execute();
}

/** The details of the newest audit entry of `action` about one user (e.g. what a disable replaced). */
export async function findLatestDetailsAbout(
  db: Kysely<DB>,
  action: string,
  userId: number,
): Promise<Record<string, unknown> | null> {
  const row = await db
    .selectFrom('audit_log')
    .select('details')
    .where('action', '=', action)
    .where('entity_type', '=', 'user')
    .where('entity_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row?.details) return null;
  try {
    return JSON.parse(row.details) as Record<string, unknown>;
  } catch {
    return null;
  }
}
