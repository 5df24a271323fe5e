import { type Kysely, sql } from 'kysely';
import type { StatutoryRule } from '../statutory-calendar.js';

/**
 * A calendar rule the database does not hold yet, inserted untied (no service) and enabled, as migrations
 * 0041 and 0062 add the calendar's new rules; the admin ties it to the service whose clients file it. The
 * statement is the one 0041 shipped: it must not change (docs/decisions/0003).
 */
export async function insertCalendarRule(db: Kysely<unknown>, rule: StatutoryRule, now: string): Promise<void> {
  await sql`insert into compliance_rules (code, form, name, authority, frequency, due_day, months_after,
      days_after_event, event_name, exceptions, state_days, source, sources, first_period, every_years,
      periods_of_year, states, service_id, enabled, active_since, updated_by, created_at, updated_at)
    values (${rule.code}, ${rule.form}, ${rule.name}, ${rule.authority}, ${rule.frequency}, ${rule.due_day},
      ${rule.months_after}, ${rule.days_after_event ?? null}, ${rule.event_name ?? null},
      ${JSON.stringify(rule.exceptions)}, ${JSON.stringify(rule.state_days)}, ${rule.source},
      ${JSON.stringify(rule.sources)}, ${rule.first_period ?? null}, ${rule.every_years ?? null},
      ${JSON.stringify(rule.periods_of_year)}, ${JSON.stringify(rule.states)}, null, 1, null, null, ${now},
      ${now})`.execute(db);
}
