import { labelPeriod } from '@portal/contract/compliance-periods';
import { addDays, indianDateOf, startOfIndianDay } from '@portal/contract/plain-dates';
import type { AppContext } from '../../app-context.js';
import { listRuleExtensions, listRulesThatPlan } from '../compliance/compliance.service.js';
import { toExtensionMap } from '../compliance/due-dates.js';
import {
  insertPlannedPeriod,
  listClientStates,
  listServicesTaken,
  type PeriodInsert,
  readGeneratedThrough,
  saveGeneratedThrough,
} from './work-generation.repository.js';
import { onWorkItemsCreated } from './work-hooks.js';
import {
  dependsOnState,
  hasPeriodsForSomeState,
  listPeriodsByState,
  listPeriodsForAll,
  type PlannedPeriod,
  type RulePlan,
} from './work-plan.js';

/** How far ahead work is planned: an item exists from about three months before it is due. */
export const GENERATION_HORIZON_DAYS = 90;
/** States named in one statement: far inside every dialect's limit on bound parameters. */
const STATES_PER_INSERT = 500;

/** Limits a run: one client (its services changed), one rule (tied or changed), or planning from a date. */
export type GenerationScope = { clientId?: number; ruleId?: number; since?: string };

const later = (...dates: (string | null | undefined)[]) =>
  dates.filter((date): date is string => typeof date === 'string').reduce((a, b) => (a > b ? a : b));

/**
 * Creates the work items the calendar asks for: for each client service whose catalogue service has an
 * enabled rule, one item per period falling due between the day the client took the service (or the
 * rule began planning) and `today` + 90 days, with the rule's due date (extensions applied), titled
 * "GSTR-3B · Apr 2026", assigned to the service's PC or executor. Set-based (docs/decisions/0051): one
 * INSERT ... SELECT per rule, period and due date over every client concerned, never one per client, so
 * a million clients cost the same number of statements as one. Idempotent and safe to run from two
 * servers at once (work-generation.repository.ts). The daily run (all clients, all rules) plans only
 * past the date its last run reached, so it stays cheap; a client's or a rule's own run looks back to
 * that client's or rule's start. Called when a client's services change, when a rule is tied or
 * changed, and daily by the scheduler (work-tasks.ts, which also runs it at the first tick after start).
 */
export async function generateWorkItems(
  context: AppContext,
  today: string,
  scope: GenerationScope = {},
): Promise<{ created: number }> {
  let rules = await listRulesThatPlan(context.db, scope.ruleId);
  if (scope.clientId !== undefined) {
    const taken = await listServicesTaken(context.db, scope.clientId);
    rules = rules.filter((rule) => taken.has(rule.service_id as number));
  }
  if (rules.length === 0) return { created: 0 };
  const extensions = await listRuleExtensions(
    context.db,
    rules.map((rule) => rule.id),
  );
  const daily = scope.clientId === undefined && scope.ruleId === undefined && scope.since === undefined;
  const through = daily ? await readGeneratedThrough(context.db) : null;
  const after = through ? addDays(through, 1) : null;
  const horizon = addDays(today, GENERATION_HORIZON_DAYS);
  const now = context.clock.now().toISOString();
  // The states written on clients, read once and only when a rule's plan depends on them.
  let clientStates: Promise<(string | null)[]> | undefined;
  const readStates = () => {
    clientStates ??= listClientStates(context.db, scope.clientId);
    return clientStates;
  };

  let created = 0;
  for (const rule of rules) {
    // The rule's first planned day: when it began planning (never earlier), or the daily mark.
    const from = scope.since ?? later(rule.active_since ? indianDateOf(new Date(rule.active_since)) : today, after);
    const plan: RulePlan = { rule, extensions: toExtensionMap(extensions.get(rule.id)), from, to: horizon };
    const periods = !dependsOnState(rule, plan.extensions)
      ? listPeriodsForAll(plan)
      : hasPeriodsForSomeState(plan)
        ? listPeriodsByState(plan, await readStates())
        : [];
    for (const period of periods)
      for (const states of chunkStates(period.states))
        created += await insertPeriod(context, {
          ruleId: rule.id,
          serviceId: rule.service_id as number,
          period: period.period,
          title: `${rule.form} · ${labelPeriod(period.period)}`,
          dueDate: period.dueDate,
          // Nothing due before the day the client took the service (in India), unless planning from a date.
          takenBefore: scope.since === undefined ? startOfIndianDay(period.dueDate, 1) : null,
          states,
          ...(scope.clientId !== undefined ? { clientId: scope.clientId } : {}),
          now,
        });
  }
  if (daily) await saveGeneratedThrough(context.db, horizon, now);
  return { created };
}

function chunkStates(states: PlannedPeriod['states']): PlannedPeriod['states'][] {
  if (states === null || states.length <= STATES_PER_INSERT) return [states];
  const chunks: (string | null)[][] = [];
  for (let start = 0; start < states.length; start += STATES_PER_INSERT)
    chunks.push(states.slice(start, start + STATES_PER_INSERT));
  return chunks;
}

/**
 * One period's statement, then its items' checklists (a listener of onWorkItemsCreated, app.ts). Not one
 * transaction: on SQLite a run would hold the write lock between the two while another server waits.
 */
async function insertPeriod(context: AppContext, period: PeriodInsert): Promise<number> {
  const { count, firstId, lastId } = await insertPlannedPeriod(context.db, period);
  if (count === 0) return 0;
  await onWorkItemsCreated.fire(context.db, {
    planned: { ruleId: period.ruleId, serviceId: period.serviceId, firstId, lastId },
  });
  return count;
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
