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
