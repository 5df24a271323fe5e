import type { RuleException, RuleSource, RuleStateDays } from '@portal/contract/compliance';
import {
  addMonths,
  type Frequency,
  nextPeriod,
  type Period,
  parsePeriod,
  periodOfMonth,
} from '@portal/contract/compliance-periods';
import { normalizeState } from '@portal/contract/indian-states';
import { addDays, isoDateOf } from '@portal/contract/plain-dates';
import type { Selectable } from 'kysely';
import type { ComplianceRulesTable } from '../../db/schema.js';

/**
 * When a statutory return is due, as a pure function of its rule and period (docs/compliance-calendar.md).
 * Dates are plain ISO dates in India; nothing here reads a clock or a database.
 */
export type DueRule = {
  frequency: Frequency;
  due_day: number;
  months_after: number;
  /** Set for a rule counted from an event (the AGM): days after it. */
  days_after_event: number | null;
  exceptions: RuleException[];
  state_days: RuleStateDays[];
  /** The first period the rule plans (the law it computes began then); null: every period. */
  first_period?: string | null;
  /** A yearly rule due every Nth year only, counted from `first_period` (DIR-3 KYC: 3). */
  every_years?: number | null;
  /** Only these months (`M04`) or quarters (`Q2`) of every year; empty: all of them (IFF, PMT-06, MSME-1). */
  periods_of_year?: string[];
  /** Only clients of these states (a state's own levy: professional tax); empty or absent: all of India. */
  states?: string[];
  /**
   * The citations by period; an entry giving its own `due_day` and `months_after` (and `exceptions`) dates
   * the periods it serves by the law then in force (the TCS statement's 15th before tax year 2026-27).
   * Absent: the rule's date serves every period.
   */
  sources?: RuleSource[];
};

export type DueContext = {
  /** The client's state, for a rule whose day differs by state (GSTR-3B under QRMP). */
  state?: string | null;
  /** The event the rule counts from (the AGM), once the item records it. */
  eventDate?: string | null;
  /** Government extensions of this rule, by period key. */
  extensions?: ReadonlyMap<string, PeriodExtension[]>;
};

/**
 * One recorded extension of a period: for every state, or only the states it names (normalised);
 * `recordedAt`, when it was last recorded.
 */
export type PeriodExtension = { dueDate: string; states: string[]; recordedAt: string };

/**
 * The extension a client's state gets: one naming its state wins over one for all of India; of two
 * naming it (overlapping notifications), the one recorded last, as a later notification supersedes.
 */
function extensionFor(extensions: PeriodExtension[] | undefined, state: string | null | undefined): string | undefined {
  if (!extensions) return undefined;
  const wanted = state ? normalizeState(state) : null;
  const own = wanted
    ? extensions
        .filter((entry) => entry.states.includes(wanted))
        .reduce<PeriodExtension | undefined>(
          (latest, entry) => (latest && latest.recordedAt >= entry.recordedAt ? latest : entry),
          undefined,
        )
    : undefined;
  return (own ?? extensions.find((entry) => entry.states.length === 0))?.dueDate;
}

/** The day the client's state gets, when the rule lists it. */
function dayOfState(rule: DueRule, state: string | null | undefined): number | undefined {
  if (!state) return undefined;
  const wanted = normalizeState(state);
  return rule.state_days.find((group) => group.states.some((name) => normalizeState(name) === wanted))?.due_day;
}

/** The source entry in force for a period: the last whose `from` month is not after the period's first month. */
function sourceInForce<T extends RuleSource>(sources: T[], period: Period): T | undefined {
  const firstMonth = `${period.first.year}-${String(period.first.month).padStart(2, '0')}`;
  return sources.filter((entry) => !entry.from || entry.from <= firstMonth).at(-1) ?? sources[0];
}

/**
 * The date the law in force for the period set: its source entry's own date when it gives one (an
 * earlier law's), else the rule's (the latest law's, or the admin's edit of it).
 */
function dateInForce(rule: DueRule, period: Period): Pick<DueRule, 'due_day' | 'months_after' | 'exceptions'> {
  const entry = sourceInForce(rule.sources ?? [], period);
  if (entry?.due_day === undefined || entry.months_after === undefined) return rule;
  return { due_day: entry.due_day, months_after: entry.months_after, exceptions: entry.exceptions ?? [] };
}

/** The date the rule itself gives a period, before any event date or extension. */
function scheduledDate(rule: DueRule, period: Period, state: string | null | undefined): string {
  const date = dateInForce(rule, period);
  const exception = date.exceptions.find((entry) => entry.period_of_year === period.ofYear);
  const month = addMonths(period.last, exception?.months_after ?? date.months_after);
  const day = exception?.due_day ?? dayOfState(rule, state) ?? date.due_day;
  return isoDateOf(month.year, month.month, day);
}

/**
 * The due date of `rule` for the period `periodKey`: a recorded extension for that period (and the
 * client's state, when the extension names states) wins;
 * otherwise the rule's day of the month `months_after` the period's last month (clamped to the month's
 * last day), or, for an event rule, `days_after_event` after the event (its latest permitted date
 * until the item records the real one).
 */
export function computeDueDate(rule: DueRule, periodKey: string, context: DueContext = {}): string {
  const period = parsePeriod(periodKey);
  if (!period || period.frequency !== rule.frequency) throw new Error(`${periodKey} is not a ${rule.frequency} period`);
  const extended = extensionFor(context.extensions?.get(period.key), context.state);
  if (extended) return extended;
  if (rule.days_after_event !== null) {
    const event = context.eventDate ?? scheduledDate(rule, period, context.state);
    return addDays(event, rule.days_after_event);
  }
  return scheduledDate(rule, period, context.state);
}

/**
 * Whether the rule plans this period at all: not before its `first_period`, only every `every_years`
 * year from it, only the months or quarters of `periods_of_year`.
 */
export function ruleCovers(rule: DueRule, periodKey: string): boolean {
  const period = parsePeriod(periodKey);
  if (!period || period.frequency !== rule.frequency) return false;
  const first = rule.first_period ? parsePeriod(rule.first_period) : null;
  // By calendar month: a monthly period of January-March lies in the next calendar year of its tax year.
  if (first && period.first.year * 12 + period.first.month < first.first.year * 12 + first.first.month) return false;
  if (first && rule.every_years && (period.fyStart - first.fyStart) % rule.every_years !== 0) return false;
  const only = rule.periods_of_year ?? [];
  return only.length === 0 || only.includes(period.ofYear);
}

/** Whether the rule plans work for a client of `state` at all: a state's rule, only for its own clients. */
export function ruleAppliesIn(rule: Pick<DueRule, 'states'>, state: string | null | undefined): boolean {
  const only = rule.states ?? [];
  if (only.length === 0) return true;
  const wanted = state ? normalizeState(state) : null;
  return wanted !== null && only.some((name) => normalizeState(name) === wanted);
}

/** The citation in force for the period: the last source whose `from` month is not after its first month. */
export function sourceOf(sources: RuleSource[], periodKey: string): string {
  const period = parsePeriod(periodKey);
  if (!period) throw new Error(`${periodKey} is not a period`);
  return (sourceInForce(sources, period) as RuleSource).source;
}

/** How many months after its period's last month a rule can fall due at the latest. */
function maxLagMonths(rule: DueRule): number {
  const dates = [rule, ...(rule.sources ?? [])];
  const months = Math.max(
    ...dates.flatMap((date) => [date.months_after ?? 0, ...(date.exceptions ?? []).map((entry) => entry.months_after)]),
  );
  return months + Math.ceil((rule.days_after_event ?? 0) / 28) + 1;
}

/**
 * The periods whose due date (as `computeDueDate` gives it, with no event date) lies between `from`
 * and `to`, both included, in order: those the rule covers (`ruleCovers`), and extended periods
 * whatever their lag (an extension recorded for a period says it is due).
 */
export function listPeriodsDueBetween(
  rule: DueRule,
  from: string,
  to: string,
  context: Omit<DueContext, 'eventDate'> = {},
): { period: string; dueDate: string }[] {
  const fromMonth = { year: Number(from.slice(0, 4)), month: Number(from.slice(5, 7)) };
  const toMonth = { year: Number(to.slice(0, 4)), month: Number(to.slice(5, 7)) };
  const candidates = new Set<string>();
  for (
    let period = periodOfMonth(rule.frequency, addMonths(fromMonth, -maxLagMonths(rule)));
    period.first.year * 12 + period.first.month <= toMonth.year * 12 + toMonth.month;
    period = nextPeriod(period)
  )
    if (ruleCovers(rule, period.key)) candidates.add(period.key);
  for (const key of context.extensions?.keys() ?? [])
    if (parsePeriod(key)?.frequency === rule.frequency) candidates.add(key);
  return [...candidates]
    .map((period) => ({ period, dueDate: computeDueDate(rule, period, context) }))
    .filter((entry) => entry.dueDate >= from && entry.dueDate <= to)
    .sort((a, b) => (a.dueDate === b.dueDate ? a.period.localeCompare(b.period) : a.dueDate.localeCompare(b.dueDate)));
}

/** A stored rule as the due-date function reads it. */
export function toDueRule(row: Selectable<ComplianceRulesTable>): DueRule {
  return {
    frequency: row.frequency as Frequency,
    due_day: row.due_day,
    months_after: row.months_after,
    days_after_event: row.days_after_event,
    exceptions: JSON.parse(row.exceptions),
    state_days: JSON.parse(row.state_days),
    first_period: row.first_period,
    every_years: row.every_years,
    periods_of_year: JSON.parse(row.periods_of_year),
    states: JSON.parse(row.states),
    sources: JSON.parse(row.sources),
  };
}

/** A rule's extensions as the due-date function reads them (`states`: the stored JSON list of names). */
export function toExtensionMap(
  rows: { period: string; due_date: string; states: string; updated_at: string }[] | undefined,
): Map<string, PeriodExtension[]> {
  const byPeriod = new Map<string, PeriodExtension[]>();
  for (const row of rows ?? []) {
    const states = (JSON.parse(row.states) as string[]).map(normalizeState);
    const extension = { dueDate: row.due_date, states, recordedAt: row.updated_at };
    byPeriod.set(row.period, [...(byPeriod.get(row.period) ?? []), extension]);
  }
  return byPeriod;
}

/** Whether some extension of the rule holds only in some states (so its plan differs by state). */
export const extendsByState = (extensions: ReadonlyMap<string, PeriodExtension[]>) =>
  [...extensions.values()].some((list) => list.some((entry) => entry.states.length > 0));
