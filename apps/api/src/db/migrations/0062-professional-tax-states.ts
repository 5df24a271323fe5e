import { type Kysely, sql } from 'kysely';
import { readStatutoryCalendar, type StatutoryRule } from '../statutory-calendar.js';

/**
 * Professional tax of more states, and the smaller employers' and annual returns (issue 22 item 10,
 * docs/compliance-calendar.md "Professional tax by state"): the calendar's rules not yet in the database
 * (PT_ODISHA, PT_KERALA, PT_MAHARASHTRA_YEARLY...) are inserted untied and enabled, as migrations 0029
 * and 0041 inserted theirs; the admin ties each to the service whose clients file it. A rule already
 * there (a new database: migration 0029 inserts the file's rules) takes the file's states, as in 0041:
 * which states a rule applies in is the law's, not the admin's. Nothing else of an existing rule changes.
 */
export const professionalTaxStatesMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const now = new Date().toISOString();
    const { rows } = await sql<{ code: string }>`select code from compliance_rules`.execute(db);
    const stored = new Set(rows.map((row) => row.code));
    for (const rule of readStatutoryCalendar())
      if (!stored.has(rule.code)) await insertRule(db, rule, now);
      else if (rule.states.length > 0)
        await sql`update compliance_rules set states = ${JSON.stringify(rule.states)} where code = ${rule.code}`.execute(
          db,
        );
  },
};

async function insertRule(db: Kysely<unknown>, rule: StatutoryRule, now: string) {
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
