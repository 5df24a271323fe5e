import { type Kysely, sql } from 'kysely';
import { readStatutoryCalendar, type StatutoryRule } from '../statutory-calendar.js';

/**
 * Professional tax by state (issue 22 item 10, docs/compliance-calendar.md): a rule may apply only to
 * clients of some states (`states`, canonical names; '[]' for all of India, every rule so far), and the
 * calendar's rules not yet in the database (one per state: PT_MAHARASHTRA...) are inserted untied and
 * enabled, as migration 0029 inserted its new ones; the admin ties them to a service. Which states a
 * rule applies in is the law's, not the admin's: every rule takes the file's.
 */
export const professionalTaxMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('compliance_rules')
      .addColumn('states', 'text', (column) => column.notNull().defaultTo('[]'))
      .execute();
    const now = new Date().toISOString();
    const { rows } = await sql<{ code: string }>`select code from compliance_rules`.execute(db);
    const stored = new Set(rows.map((row) => row.code));
    for (const rule of readStatutoryCalendar())
      if (!stored.has(rule.code)) await insertRule(db, rule, now);
      // Where a state's rule went in earlier (0029 inserts the file's rules on a new database): its states.
      else
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
