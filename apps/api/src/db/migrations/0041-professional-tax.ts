import { type Kysely, sql } from 'kysely';
import { readStatutoryCalendar } from '../statutory-calendar.js';
import { insertCalendarRule } from './calendar-rule-rows.js';

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
      if (!stored.has(rule.code)) await insertCalendarRule(db, rule, now);
      // Where a state's rule went in earlier (0029 inserts the file's rules on a new database): its states.
      else
        await sql`update compliance_rules set states = ${JSON.stringify(rule.states)} where code = ${rule.code}`.execute(
          db,
        );
  },
};
