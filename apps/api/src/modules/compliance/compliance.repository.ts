import type { Kysely, Selectable, Updateable } from 'kysely';
import type { ComplianceRulesTable, DB } from '../../db/schema.js';

export type RuleRow = Selectable<ComplianceRulesTable> & { service_name: string | null };
export type ExtensionRow = { rule_id: number; period: string; due_date: string; note: string | null };

function selectRules(db: Kysely<DB>) {
  return db
    .selectFrom('compliance_rules')
    .leftJoin('services', 'services.id', 'compliance_rules.service_id')
    .selectAll('compliance_rules')
    .select('services.service_name');
}

/** The whole calendar (a few dozen rows), in the file's order. */
export function listRules(db: Kysely<DB>): Promise<RuleRow[]> {
  return selectRules(db).orderBy('compliance_rules.id').execute();
}

export function findRule(db: Kysely<DB>, ruleId: number): Promise<RuleRow | undefined> {
  return selectRules(db).where('compliance_rules.id', '=', ruleId).executeTakeFirst();
}

/** The rules that plan work: enabled and tied to a service (all of them, or one). */
export function listGeneratingRules(db: Kysely<DB>, ruleId?: number): Promise<RuleRow[]> {
  let query = selectRules(db)
    .where('compliance_rules.enabled', '=', 1)
    .where('compliance_rules.service_id', 'is not', null);
  if (ruleId !== undefined) query = query.where('compliance_rules.id', '=', ruleId);
  return query.orderBy('compliance_rules.id').execute();
}

export async function updateRule(
  db: Kysely<DB>,
  ruleId: number,
  values: Updateable<ComplianceRulesTable>,
): Promise<void> {
  await db.updateTable('compliance_rules').set(values).where('id', '=', ruleId).execute();
}

/** Extensions of some rules (all when `ruleIds` is absent), by rule. */
export async function listExtensions(db: Kysely<DB>, ruleIds?: number[]): Promise<Map<number, ExtensionRow[]>> {
  if (ruleIds?.length === 0) return new Map();
  let query = db
    .selectFrom('compliance_rule_extensions')
    .select(['rule_id', 'period', 'due_date', 'note'])
    .orderBy('rule_id')
    .orderBy('period');
  if (ruleIds) query = query.where('rule_id', 'in', ruleIds);
  const byRule = new Map<number, ExtensionRow[]>();
  for (const row of await query.execute()) byRule.set(row.rule_id, [...(byRule.get(row.rule_id) ?? []), row]);
  return byRule;
}

/** One extension per rule and period: recording another for the same period replaces it. */
export async function upsertExtension(
  db: Kysely<DB>,
  values: { ruleId: number; period: string; dueDate: string; note: string | null; actorId: number; now: string },
): Promise<void> {
  await db
    .insertInto('compliance_rule_extensions')
    .values({
      rule_id: values.ruleId,
      period: values.period,
      due_date: values.dueDate,
      note: values.note,
      created_by: values.actorId,
      created_at: values.now,
      updated_at: values.now,
    })
    .onConflict((conflict) =>
      conflict.columns(['rule_id', 'period']).doUpdateSet({
        due_date: values.dueDate,
        note: values.note,
        created_by: values.actorId,
        updated_at: values.now,
      }),
    )
    .execute();
}

export function serviceExists(db: Kysely<DB>, serviceId: number) {
  return db.selectFrom('services').select('id').where('id', '=', serviceId).executeTakeFirst();
}
