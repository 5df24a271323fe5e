import { labelPeriod } from '@portal/contract/compliance-periods';
import { normalizeState } from '@portal/contract/indian-states';
import { addDays, indianDateOf } from '@portal/contract/plain-dates';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { WorkItemsTable } from '../../db/schema.js';
import { listRuleExtensions, listRulesThatPlan, type RuleRow } from '../compliance/compliance.service.js';
import {
  extendsByState,
  listPeriodsDueBetween,
  ruleAppliesIn,
  toDueRule,
  toExtensionMap,
} from '../compliance/due-dates.js';
import { buildPlannedItemStart } from './work-defaults.js';
import {
  insertPlannedItems,
  listServicePairs,
  readGeneratedThrough,
  type ServicePair,
  saveGeneratedThrough,
} from './work-generation.repository.js';
import { onWorkItemsCreated } from './work-hooks.js';

/** How far ahead work is planned: an item exists from about three months before it is due. */
export const GENERATION_HORIZON_DAYS = 90;
const PAIRS_PER_BATCH = 1_000;
const ROWS_PER_INSERT = 500;

/** Limits a run: one client (its services changed), one rule (tied or changed), or planning from a date. */
export type GenerationScope = { clientId?: number; ruleId?: number; since?: string };

const later = (...dates: (string | null | undefined)[]) =>
  dates.filter((date): date is string => typeof date === 'string').reduce((a, b) => (a > b ? a : b));

/**
 * Creates the work items the calendar asks for: for each client service whose catalogue service has an
 * enabled rule, one item per period falling due between the day the client took the service (or the
 * rule began planning) and `today` + 90 days, with the rule's due date (extensions applied), titled
 * "GSTR-3B · Apr 2026", assigned to the service's PC or executor. Idempotent and safe to run from two
 * servers at once (work-generation.repository.ts). The daily run (all clients, all rules) plans only
 * past the date its last run reached, so it stays cheap; a client's or a rule's own run looks back to
 * that client's or rule's start. Called when a client's services change, when a rule is
 * tied or changed, and daily by the scheduler (work-tasks.ts, which also runs it at the first tick after start).
 */
export async function generateWorkItems(
  context: AppContext,
  today: string,
  scope: GenerationScope = {},
): Promise<{ created: number }> {
  const rules = await listRulesThatPlan(context.db, scope.ruleId);
  if (rules.length === 0) return { created: 0 };
  const extensions = await listRuleExtensions(
    context.db,
    rules.map((rule) => rule.id),
  );
  const daily = scope.clientId === undefined && scope.ruleId === undefined && scope.since === undefined;
  const through = daily ? await readGeneratedThrough(context.db) : null;
  const after = through ? addDays(through, 1) : null;
  const horizon = addDays(today, GENERATION_HORIZON_DAYS);
  const rulesOfService = new Map<number, RuleRow[]>();
  for (const rule of rules)
    rulesOfService.set(rule.service_id as number, [...(rulesOfService.get(rule.service_id as number) ?? []), rule]);

  // The rule's first planned day: when it began planning (never earlier), or the daily mark.
  const startOf = (rule: RuleRow) =>
    scope.since ?? later(rule.active_since ? indianDateOf(new Date(rule.active_since)) : today, after);
  const plans = new Map<string, { period: string; dueDate: string }[]>();
  const extensionsOf = new Map(rules.map((rule) => [rule.id, toExtensionMap(extensions.get(rule.id))]));
  const planOf = (rule: RuleRow, state: string | null) => {
    const ruleExtensions = extensionsOf.get(rule.id) ?? new Map();
    const byState = rule.state_days !== '[]' || extendsByState(ruleExtensions);
    const key = `${rule.id}|${byState ? normalizeState(state ?? '') : ''}`;
    let plan = plans.get(key);
    if (!plan) {
      plan = listPeriodsDueBetween(toDueRule(rule), startOf(rule), horizon, { state, extensions: ruleExtensions });
      plans.set(key, plan);
    }
    return plan;
  };

  const now = context.clock.now().toISOString();
  const statesOf = new Map(rules.map((rule) => [rule.id, JSON.parse(rule.states) as string[]]));
  const itemsOf = (pair: ServicePair, rule: RuleRow): Insertable<WorkItemsTable>[] => {
    // A state's own levy (professional tax) is planned only for clients of that state.
    if (!ruleAppliesIn({ states: statesOf.get(rule.id) ?? [] }, pair.state)) return [];
    const from = scope.since ?? later(indianDateOf(new Date(pair.taken_at)), startOf(rule));
    return planOf(rule, pair.state)
      .filter((entry) => entry.dueDate >= from)
      .map((entry) => ({
        firm_id: pair.firm_id as number,
        client_id: pair.client_id,
        service_id: pair.service_id,
        rule_id: rule.id,
        period: entry.period,
        title: `${rule.form} · ${labelPeriod(entry.period)}`,
        due_date: entry.dueDate,
        ...buildPlannedItemStart(pair, now),
      }));
  };

  let created = 0;
  let pending: Insertable<WorkItemsTable>[] = [];
  const flush = async () => {
    for (let start = 0; start < pending.length; start += ROWS_PER_INSERT) {
      const workIds = await insertPlannedItems(context.db, pending.slice(start, start + ROWS_PER_INSERT));
      created += workIds.length;
      // Their checklists, one statement per batch (a listener of onWorkItemsCreated, app.ts).
      if (workIds.length > 0) await onWorkItemsCreated.fire(context.db, { workIds });
    }
    pending = [];
  };
  let cursor: { clientId: number; serviceId: number } | undefined;
  for (;;) {
    const pairs = await listServicePairs(context.db, {
      serviceIds: [...rulesOfService.keys()],
      ...(scope.clientId !== undefined ? { clientId: scope.clientId } : {}),
      ...(cursor ? { after: cursor } : {}),
      limit: PAIRS_PER_BATCH,
    });
    for (const pair of pairs)
      for (const rule of rulesOfService.get(pair.service_id) ?? []) pending.push(...itemsOf(pair, rule));
    await flush();
    if (pairs.length < PAIRS_PER_BATCH) break;
    const last = pairs[pairs.length - 1] as ServicePair;
    cursor = { clientId: last.client_id, serviceId: last.service_id };
  }
  if (daily) await saveGeneratedThrough(context.db, horizon, now);
  return { created };
}

/** The scheduler's daily call (and the start-up one): every client, every rule, today in India. */
export function runDailyWorkGeneration(context: AppContext): Promise<{ created: number }> {
  return generateWorkItems(context, indianDateOf(context.clock.now()));
}

/**
 * Plans a client's work right after its services changed (added, or a client created). The save has
 * already happened: a failure here is logged, and the next daily run plans what was missed.
 */
export async function planWorkOfClient(context: AppContext, { clientId }: { clientId: number }): Promise<void> {
  try {
    await generateWorkItems(context, indianDateOf(context.clock.now()), { clientId });
  } catch (error) {
    context.log.warn({ err: error, clientId }, 'Could not plan the work of a client');
  }
}
