import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type QueuedRedate = { rule_id: number; reason: string; queued_at: string };

/** The rules a calendar migration queued for re-dating (migration 0072), oldest first. */
export function listQueuedRedates(db: Kysely<DB>): Promise<QueuedRedate[]> {
  return db
    .selectFrom('compliance_rule_redates')
    .select(['rule_id', 'reason', 'queued_at'])
    .orderBy('queued_at')
    .orderBy('rule_id')
    .execute();
}

/** Takes the entry off the queue unless it was queued again since it was read (a later migration's). */
export async function deleteQueuedRedate(db: Kysely<DB>, entry: QueuedRedate): Promise<void> {
  await db
    .deleteFrom('compliance_rule_redates')
    .where('rule_id', '=', entry.rule_id)
    .where('queued_at', '<=', entry.queued_at)
    .execute();
}
