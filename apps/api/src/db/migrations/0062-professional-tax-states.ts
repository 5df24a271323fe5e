import { type Kysely, sql } from 'kysely';
import { readStatutoryCalendar } from '../statutory-calendar.js';
import { insertCalendarRule } from './calendar-rule-rows.js';

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
      if (!stored.has(rule.code)) await insertCalendarRule(db, rule, now);
      else if (rule.states.length > 0)
        await sql`update compliance_rules set states = ${JSON.stringify(rule.states)} where code = ${rule.code}`.execute(
          db,
        );
  },
};
