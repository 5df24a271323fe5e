import type { ComplianceAuthority, ComplianceRule } from '@portal/contract/compliance';
import { type Frequency, labelPeriod } from '@portal/contract/compliance-periods';
import type { ExtensionRow, RuleRow } from './compliance.repository.js';

export function presentRule(row: RuleRow, extensions: ExtensionRow[] = []): ComplianceRule {
  return {
    id: row.id,
    code: row.code,
    form: row.form,
    name: row.name,
    authority: row.authority as ComplianceAuthority,
    frequency: row.frequency as Frequency,
    due_day: row.due_day,
    months_after: row.months_after,
    days_after_event: row.days_after_event,
    event_name: row.event_name,
    exceptions: JSON.parse(row.exceptions),
    state_days: JSON.parse(row.state_days),
    source: row.source,
    sources: JSON.parse(row.sources),
    first_period: row.first_period,
    every_years: row.every_years,
    periods_of_year: JSON.parse(row.periods_of_year),
    states: JSON.parse(row.states),
    service_id: row.service_id,
    service_name: row.service_name,
    enabled: row.enabled === 1,
    extensions: extensions.map((extension) => ({
      period: extension.period,
      period_label: labelPeriod(extension.period),
      due_date: extension.due_date,
      note: extension.note,
      states: JSON.parse(extension.states) as string[],
    })),
    updated_at: row.updated_at,
  };
}
