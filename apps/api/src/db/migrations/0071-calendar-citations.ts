import { type Kysely, sql } from 'kysely';
import { readStatutoryCalendar, type StatutoryRule } from '../statutory-calendar.js';
import { insertCalendarRule } from './calendar-rule-rows.js';

/**
 * The calendar's citations checked against the Income-tax Rules 2026 and the notifications in force
 * (issue 22 item 10, docs/compliance-calendar.md "Checked after the first review"): every rule takes the
 * file's citations (`source`, `sources`, whose entries may now carry the date an earlier law set),
 * `exceptions` and `first_period`, which are the law's. Rule 219(4) of the 2026 Rules moved the TCS
 * statement from the 15th to the TDS statements' 31st, so its certificate (Form 133) to the 15th of the
 * month after, and rule 218(2) gives March's TCS until 30 April: their date, and a changed name, are
 * replaced only where they still hold what the calendar shipped before (`SHIPPED_BEFORE`); an admin's
 * edit stays. A rule's tie to a service and on/off are never touched; a rule not yet in the database
 * (PT_GUJARAT_ANNUAL, Gujarat's yearly return of the employers below 20) is inserted untied and enabled,
 * as 0062 did. Items already planned kept the due dates they were planned with (earlier than the new
 * ones); migration 0072 queues these rules so that a task moves them (docs/decisions/0059).
 */
type ShippedDate = { due_day: number; months_after: number };

/** The date and name of the rules whose date or name this review changed, as the calendar shipped them before. */
export const SHIPPED_BEFORE: Record<string, { date?: ShippedDate; name?: string }> = {
  TCS_27EQ: { date: { due_day: 15, months_after: 1 } },
  FORM27D: { date: { due_day: 30, months_after: 1 } },
  TCS_PAYMENT: { name: 'Tax collected at source, deposit: 7th of the next month, March included' },
};

type StoredRule = {
  id: number;
  code: string;
  name: string;
  due_day: number;
  months_after: number;
  source: string;
  sources: string;
  exceptions: string;
  first_period: string | null;
};

export const calendarCitationsMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const now = new Date().toISOString();
    const { rows } = await sql<StoredRule>`select id, code, name, due_day, months_after, source, sources, exceptions,
        first_period from compliance_rules`.execute(db);
    const stored = new Map(rows.map((row) => [row.code, row]));
    for (const rule of readStatutoryCalendar()) {
      const row = stored.get(rule.code);
      if (!row) await insertCalendarRule(db, rule, now);
      else await bringToFile(db, row, rule, now);
    }
  },
};

async function bringToFile(db: Kysely<unknown>, row: StoredRule, rule: StatutoryRule, now: string) {
  const before = SHIPPED_BEFORE[rule.code];
  const name = before?.name === row.name ? rule.name : row.name;
  const shipped = before?.date;
  const date =
    shipped && row.due_day === shipped.due_day && row.months_after === shipped.months_after
      ? { due_day: rule.due_day, months_after: rule.months_after }
      : { due_day: row.due_day, months_after: row.months_after };
  const sources = JSON.stringify(rule.sources);
  const exceptions = JSON.stringify(rule.exceptions);
  const firstPeriod = rule.first_period ?? null;
  const unchanged =
    name === row.name &&
    date.due_day === row.due_day &&
    date.months_after === row.months_after &&
    rule.source === row.source &&
    sources === row.sources &&
    exceptions === row.exceptions &&
    firstPeriod === row.first_period;
  if (unchanged) return;
  await sql`update compliance_rules set name = ${name}, due_day = ${date.due_day}, months_after = ${date.months_after},
      source = ${rule.source}, sources = ${sources}, exceptions = ${exceptions}, first_period = ${firstPeriod},
      updated_at = ${now}
    where id = ${row.id}`.execute(db);
}
