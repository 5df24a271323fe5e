import { type Kysely, sql } from 'kysely';
import { readStatutoryCalendar, type StatutoryRule } from '../statutory-calendar.js';

/**
 * The calendar checked against the law in force for tax year 2026-27 (issue 22, docs/compliance-calendar.md):
 * each rule cites its provision by period (`sources`), may plan only from a period (`first_period`), every
 * Nth year (`every_years`: DIR-3 KYC) or some months or quarters of the year (`periods_of_year`: IFF,
 * PMT-06, MSME-1); rows are brought to `data/compliance-rules.json` by code, and its new rules inserted
 * untied and enabled, as migration 0020 seeded the first ones.
 *
 * The admin's edits win: a rule's name, and its date (due_day, months_after, days_after_event together),
 * are replaced only where they still hold what migration 0020 shipped (`SHIPPED_BY_0020`); the tie to a
 * service and on/off are never touched. What the admin cannot edit (form, citation, exceptions, state
 * days, which periods it plans) follows the law. Items already planned keep their due dates until the
 * admin saves the rule (docs/compliance-calendar.md, "Changing the calendar of a running portal").
 */
type Editable = { name: string; due_day: number; months_after: number; days_after_event: number | null };

/** The editable values of the 28 rules as migration 0020 first seeded them (the file before issue 22). */
export const SHIPPED_BY_0020: Record<string, Editable> = {
  GSTR1_MONTHLY: { name: 'Outward supplies, monthly filer', due_day: 11, months_after: 1, days_after_event: null },
  GSTR1_QRMP: {
    name: 'Outward supplies, quarterly filer under QRMP',
    due_day: 13,
    months_after: 1,
    days_after_event: null,
  },
  GSTR3B_MONTHLY: {
    name: 'Summary return and tax payment, monthly filer',
    due_day: 20,
    months_after: 1,
    days_after_event: null,
  },
  GSTR3B_QRMP: {
    name: 'Summary return, quarterly filer under QRMP: 22nd, or 24th in the states listed',
    due_day: 22,
    months_after: 1,
    days_after_event: null,
  },
  CMP08: { name: 'Composition statement and tax payment', due_day: 18, months_after: 1, days_after_event: null },
  GSTR4: { name: 'Composition annual return', due_day: 30, months_after: 3, days_after_event: null },
  GSTR9: { name: 'GST annual return', due_day: 31, months_after: 9, days_after_event: null },
  GSTR9C: { name: 'GST reconciliation statement', due_day: 31, months_after: 9, days_after_event: null },
  TDS_PAYMENT: {
    name: 'Tax deducted at source, deposit (challan ITNS 281): 7th, 30 April for March',
    due_day: 7,
    months_after: 1,
    days_after_event: null,
  },
  TCS_PAYMENT: {
    name: 'Tax collected at source, deposit: 7th of the next month, March included',
    due_day: 7,
    months_after: 1,
    days_after_event: null,
  },
  TDS_24Q: { name: 'TDS return on salaries', due_day: 31, months_after: 1, days_after_event: null },
  TDS_26Q: {
    name: 'TDS return on payments other than salaries to residents',
    due_day: 31,
    months_after: 1,
    days_after_event: null,
  },
  TDS_27Q: { name: 'TDS return on payments to non-residents', due_day: 31, months_after: 1, days_after_event: null },
  FORM16: { name: 'TDS certificate to employees', due_day: 15, months_after: 3, days_after_event: null },
  ADVANCE_TAX: {
    name: 'Advance tax instalment: 15 Jun, 15 Sep, 15 Dec, 15 Mar',
    due_day: 15,
    months_after: 0,
    days_after_event: null,
  },
  ITR_NON_AUDIT: {
    name: 'Income-tax return, accounts not audited (ITR-1, ITR-2 and others)',
    due_day: 31,
    months_after: 4,
    days_after_event: null,
  },
  ITR_NON_AUDIT_BUSINESS: {
    name: 'Income-tax return, business or profession not audited, and trusts',
    due_day: 31,
    months_after: 5,
    days_after_event: null,
  },
  ITR_AUDIT: {
    name: 'Income-tax return, accounts audited, and companies',
    due_day: 31,
    months_after: 7,
    days_after_event: null,
  },
  ITR_TRANSFER_PRICING: {
    name: 'Income-tax return with a transfer pricing report (Form 3CEB)',
    due_day: 30,
    months_after: 8,
    days_after_event: null,
  },
  ITR_BELATED_REVISED: {
    name: 'Belated or revised income-tax return',
    due_day: 31,
    months_after: 9,
    days_after_event: null,
  },
  TAX_AUDIT_REPORT: {
    name: 'Tax audit report (Form 3CA/3CB with 3CD)',
    due_day: 30,
    months_after: 6,
    days_after_event: null,
  },
  PF: { name: 'Provident fund contribution and ECR', due_day: 15, months_after: 1, days_after_event: null },
  ESI: { name: "Employees' state insurance contribution", due_day: 15, months_after: 1, days_after_event: null },
  AOC4: {
    name: 'Financial statements with the Registrar: 30 days after the AGM',
    due_day: 30,
    months_after: 6,
    days_after_event: 30,
  },
  MGT7: {
    name: 'Annual return with the Registrar: 60 days after the AGM',
    due_day: 30,
    months_after: 6,
    days_after_event: 60,
  },
  DIR3_KYC: { name: 'Director KYC', due_day: 30, months_after: 6, days_after_event: null },
  LLP_FORM11: { name: 'LLP annual return', due_day: 30, months_after: 2, days_after_event: null },
  LLP_FORM8: { name: 'LLP statement of account and solvency', due_day: 30, months_after: 7, days_after_event: null },
};

type StoredRule = Editable & { id: number };

const sameDate = (row: Editable, shipped: Editable) =>
  row.due_day === shipped.due_day &&
  row.months_after === shipped.months_after &&
  (row.days_after_event ?? null) === (shipped.days_after_event ?? null);

export const calendarInForceMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('compliance_rules')
      .addColumn('sources', 'text', (column) => column.notNull().defaultTo('[]'))
      .execute();
    await db.schema.alterTable('compliance_rules').addColumn('first_period', 'varchar(12)').execute();
    await db.schema.alterTable('compliance_rules').addColumn('every_years', 'integer').execute();
    await db.schema
      .alterTable('compliance_rules')
      .addColumn('periods_of_year', 'text', (column) => column.notNull().defaultTo('[]'))
      .execute();
    const now = new Date().toISOString();
    for (const rule of readStatutoryCalendar()) {
      const { rows } = await sql<StoredRule>`select id, name, due_day, months_after, days_after_event
        from compliance_rules where code = ${rule.code}`.execute(db);
      const row = rows[0];
      if (row) await bringUpToDate(db, row, rule, now);
      else await insertRule(db, rule, now);
    }
  },
};

async function bringUpToDate(db: Kysely<unknown>, row: StoredRule, rule: StatutoryRule, now: string) {
  const shipped = SHIPPED_BY_0020[rule.code];
  const name = shipped && row.name === shipped.name ? rule.name : row.name;
  const date: Editable =
    shipped && sameDate(row, shipped) ? { ...rule, days_after_event: rule.days_after_event ?? null } : row;
  await sql`update compliance_rules set form = ${rule.form}, name = ${name}, authority = ${rule.authority},
      due_day = ${date.due_day}, months_after = ${date.months_after}, days_after_event = ${date.days_after_event},
      event_name = ${rule.event_name ?? null}, exceptions = ${JSON.stringify(rule.exceptions)},
      state_days = ${JSON.stringify(rule.state_days)}, source = ${rule.source},
      sources = ${JSON.stringify(rule.sources)}, first_period = ${rule.first_period ?? null},
      every_years = ${rule.every_years ?? null}, periods_of_year = ${JSON.stringify(rule.periods_of_year)},
      updated_at = ${now}
    where id = ${row.id}`.execute(db);
}

async function insertRule(db: Kysely<unknown>, rule: StatutoryRule, now: string) {
  await sql`insert into compliance_rules (code, form, name, authority, frequency, due_day, months_after,
      days_after_event, event_name, exceptions, state_days, source, sources, first_period, every_years,
      periods_of_year, service_id, enabled, active_since, updated_by, created_at, updated_at)
    values (${rule.code}, ${rule.form}, ${rule.name}, ${rule.authority}, ${rule.frequency}, ${rule.due_day},
      ${rule.months_after}, ${rule.days_after_event ?? null}, ${rule.event_name ?? null},
      ${JSON.stringify(rule.exceptions)}, ${JSON.stringify(rule.state_days)}, ${rule.source},
      ${JSON.stringify(rule.sources)}, ${rule.first_period ?? null}, ${rule.every_years ?? null},
      ${JSON.stringify(rule.periods_of_year)}, null, 1, null, null, ${now}, ${now})`.execute(db);
}
