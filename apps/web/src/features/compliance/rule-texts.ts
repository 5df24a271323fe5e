import type { ComplianceRule } from '@portal/contract/compliance';

const ordinal = (day: number) => {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
};
const PERIOD_END = { monthly: 'the month', quarterly: 'the quarter', yearly: 'the financial year' } as const;

/** A rule's date in words: "20th of the 1st month after the month", "30 days after the AGM". */
export function describeDue(rule: ComplianceRule): string {
  if (rule.days_after_event !== null)
    return `${rule.days_after_event} days after the ${rule.event_name ?? 'event'} (until then, after ${ordinal(rule.due_day)} of month ${rule.months_after} after ${PERIOD_END[rule.frequency]})`;
  const when =
    rule.months_after === 0
      ? `in the last month of ${PERIOD_END[rule.frequency]}`
      : `${rule.months_after} month${rule.months_after === 1 ? '' : 's'} after ${PERIOD_END[rule.frequency]}`;
  const extra = [
    ...rule.exceptions.map(
      (entry) => `${entry.period_of_year}: ${ordinal(entry.due_day)}, ${entry.months_after} after`,
    ),
    ...rule.state_days.map((group) => `${ordinal(group.due_day)} in ${group.states.length} listed states`),
  ];
  return `${ordinal(rule.due_day)}, ${when}${extra.length > 0 ? ` (${extra.join('; ')})` : ''}`;
}

export const FREQUENCY_LABELS = { monthly: 'Monthly', quarterly: 'Quarterly', yearly: 'Yearly' } as const;
