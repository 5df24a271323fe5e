import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The rules a calendar migration queued for re-dating (migration 0072), oldest first. */
export function listQueuedRedates(db: Kysely<DB>): Promise<{ rule_id: number; reason: string }[]> {
  return db
    .selectFrom('compliance_rule_redates')
    .select(['rule_id', 'reason'])
    .orderBy('queued_at')
    .orderBy('rule_id')
    .execute();
}

export async function deleteQueuedRedate(db: Kysely<DB>, ruleId: number): Promise<void> {
  await db.deleteFrom('compliance_rule_redates').where('rule_id', '=', ruleId).execute();
}
