import { INDIAN_STATES, normalizeState } from '@portal/contract/indian-states';
import type { RuleRow } from '../compliance/compliance.service.js';
import {
  type DueRule,
  extendsByState,
  listPeriodsDueBetween,
  type PeriodExtension,
  ruleAppliesIn,
  toDueRule,
} from '../compliance/due-dates.js';

/**
 * One period of one rule as planning inserts it: one statement for every client it is due for on that
 * date. `states`: null, every client whatever its state; otherwise only clients whose state is written
 * as one of these (null: no state), as the rule's day, its extensions or its states list differ by state.
 */
export type PlannedPeriod = { period: string; dueDate: string; states: (string | null)[] | null };

export type RulePlan = {
  rule: RuleRow;
  extensions: ReadonlyMap<string, PeriodExtension[]>;
  /** The first and last due dates planned. */
  from: string;
  to: string;
};

/** Whether a rule's periods or dates depend on the client's state (so planning reads the states written). */
export function dependsOnState(rule: RuleRow, extensions: ReadonlyMap<string, PeriodExtension[]>): boolean {
  return rule.state_days !== '[]' || rule.states !== '[]' || extendsByState(extensions);
}

/** The periods of a rule whose date does not depend on the client's state, for every client. */
export function listPeriodsForAll({ rule, extensions, from, to }: RulePlan): PlannedPeriod[] {
  return listPeriodsDueBetween(toDueRule(rule), from, to, { extensions }).map((entry) => ({ ...entry, states: null }));
}

/**
 * Whether a state-dependent rule has anything due in the window for any state at all: every spelling of
 * a state normalises to one of India's, or to none (the no-state date), so these stand for every client.
 */
export function hasPeriodsForSomeState(plan: RulePlan): boolean {
  return [null, ...INDIAN_STATES].some((state) => listPeriodsOfState(plan, toDueRule(plan.rule), state).length > 0);
}

function listPeriodsOfState(plan: RulePlan, dueRule: DueRule, state: string | null) {
  if (!ruleAppliesIn(dueRule, state)) return [];
  return listPeriodsDueBetween(dueRule, plan.from, plan.to, { state, extensions: plan.extensions });
}

/**
 * The periods of a state-dependent rule, each with the states (as written on clients, `states`) it falls
 * due on one date for: a state's own levy only for its clients, a state's day or extension for its
 * clients, the others together. A plan is worked out once per state, whatever its spellings.
 */
export function listPeriodsByState(plan: RulePlan, states: (string | null)[]): PlannedPeriod[] {
  const dueRule = toDueRule(plan.rule);
  const plansOfState = new Map<string, { period: string; dueDate: string }[]>();
  const byDate = new Map<string, PlannedPeriod>();
  for (const state of states) {
    const key = normalizeState(state ?? '');
    let periods = plansOfState.get(key);
    if (!periods) {
      periods = listPeriodsOfState(plan, dueRule, state);
      plansOfState.set(key, periods);
    }
    for (const entry of periods) {
      const dated = `${entry.period}|${entry.dueDate}`;
      const planned = byDate.get(dated) ?? { ...entry, states: [] };
      planned.states?.push(state);
      byDate.set(dated, planned);
    }
  }
  return [...byDate.values()].sort((a, b) =>
    a.dueDate === b.dueDate ? a.period.localeCompare(b.period) : a.dueDate.localeCompare(b.dueDate),
  );
}
