import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { ComplianceRulesTable, DB } from '../../db/schema.js';

export type RuleRow = Selectable<ComplianceRulesTable> & { service_name: string | null };
/** An extension; `states`: JSON list of the states it holds in, `[]` for all of India. */
export type ExtensionRow = {
  rule_id: number;
  period: string;
  due_date: string;
  note: string | null;
  states: string;
  updated_at: string;
};

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

/** Extensions of some rules (all when `ruleIds` is absent), by rule: all-India ones, then by states. */
export async function listExtensions(db: Kysely<DB>, ruleIds?: number[]): Promise<Map<number, ExtensionRow[]>> {
  if (ruleIds?.length === 0) return new Map();
  let allIndia = db
    .selectFrom('compliance_rule_extensions')
    .select(['rule_id', 'period', 'due_date', 'note', sql<string>`'[]'`.as('states'), 'updated_at'])
    .orderBy('rule_id')
    .orderBy('period');
  let byStates = db
    .selectFrom('compliance_rule_state_extensions')
    .select(['rule_id', 'period', 'due_date', 'note', 'states', 'updated_at'])
    .orderBy('rule_id')
    .orderBy('period')
    .orderBy('states_key');
  if (ruleIds) {
    allIndia = allIndia.where('rule_id', 'in', ruleIds);
    byStates = byStates.where('rule_id', 'in', ruleIds);
  }
  const byRule = new Map<number, ExtensionRow[]>();
  for (const row of [...(await allIndia.execute()), ...(await byStates.execute())])
    byRule.set(row.rule_id, [...(byRule.get(row.rule_id) ?? []), row]);
  return byRule;
}

type ExtensionValues = {
  ruleId: number;
  period: string;
  dueDate: string;
  note: string | null;
  actorId: number;
  now: string;
  /** The states' listed names, in order; empty: all of India. */
  states: string[];
};

/**
 * One extension per rule, period and set of states: recording another for the same ones replaces it.
 * `statesKey` is the states' normalised names, sorted (the caller's), so "Orissa" and "Odisha" are one set.
 */
export async function upsertExtension(db: Kysely<DB>, values: ExtensionValues, statesKey: string): Promise<void> {
  const changes = { due_date: values.dueDate, note: values.note, created_by: values.actorId, updated_at: values.now };
  const row = { rule_id: values.ruleId, period: values.period, ...changes, created_at: values.now };
  if (values.states.length === 0) {
    await db
      .insertInto('compliance_rule_extensions')
      .values(row)
      .onConflict((conflict) => conflict.columns(['rule_id', 'period']).doUpdateSet(changes))
      .execute();
    return;
  }
  await db
    .insertInto('compliance_rule_state_extensions')
    .values({ ...row, states_key: statesKey, states: JSON.stringify(values.states) })
    .onConflict((conflict) => conflict.columns(['rule_id', 'period', 'states_key']).doUpdateSet(changes))
    .execute();
}

export function serviceExists(db: Kysely<DB>, serviceId: number) {
  return db.selectFrom('services').select('id').where('id', '=', serviceId).executeTakeFirst();
}
