import fs from 'node:fs';
import { periodsOfFinancialYear } from '@portal/contract/compliance-periods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStatutoryCalendar } from '../src/db/statutory-calendar.js';
import { listRules, type RuleRow } from '../src/modules/compliance/compliance.repository.js';
import { computeDueDate, type DueRule, listPeriodsDueBetween, toDueRule } from '../src/modules/compliance/due-dates.js';
import { createTestDatabase, listTestDialects, type TestDatabase } from './support/test-database.js';

const FY = 2026;
const monthly = (day: string, march = day) => [
  `2026-05-${day}`,
  `2026-06-${day}`,
  `2026-07-${day}`,
  `2026-08-${day}`,
  `2026-09-${day}`,
  `2026-10-${day}`,
  `2026-11-${day}`,
  `2026-12-${day}`,
  `2027-01-${day}`,
  `2027-02-${day}`,
  `2027-03-${day}`,
  `2027-04-${march}`,
];
const quarterly = (day: string) => [`2026-07-${day}`, `2026-10-${day}`, `2027-01-${day}`, `2027-04-${day}`];

/**
 * Every rule of the shipped calendar, every period of FY 2026-27 (April 2026 to March 2027), written
 * out by hand from the notifications and sections in data/compliance-rules.json. `state` is the
 * client's state where the rule depends on it.
 */
const EXPECTED: { code: string; state?: string; dates: string[] }[] = [
  { code: 'GSTR1_MONTHLY', dates: monthly('11') },
  { code: 'GSTR1_QRMP', dates: quarterly('13') },
  { code: 'GSTR3B_MONTHLY', dates: monthly('20') },
  { code: 'GSTR3B_QRMP', state: 'Karnataka', dates: quarterly('22') },
  { code: 'GSTR3B_QRMP', state: 'Maharashtra', dates: quarterly('22') },
  { code: 'GSTR3B_QRMP', state: 'Delhi', dates: quarterly('24') },
  { code: 'GSTR3B_QRMP', state: 'Jammu & Kashmir', dates: quarterly('24') },
  { code: 'GSTR3B_QRMP', state: 'west bengal', dates: quarterly('24') },
  // No state known: the earlier day, never a date after the real one.
  { code: 'GSTR3B_QRMP', dates: quarterly('22') },
  { code: 'CMP08', dates: quarterly('18') },
  { code: 'GSTR4', dates: ['2027-06-30'] },
  { code: 'GSTR9', dates: ['2027-12-31'] },
  { code: 'GSTR9C', dates: ['2027-12-31'] },
  // March's TDS is due on 30 April; TCS for March on 7 April like every other month.
  { code: 'TDS_PAYMENT', dates: monthly('07', '30') },
  { code: 'TCS_PAYMENT', dates: monthly('07') },
  { code: 'TDS_24Q', dates: ['2026-07-31', '2026-10-31', '2027-01-31', '2027-05-31'] },
  { code: 'TDS_26Q', dates: ['2026-07-31', '2026-10-31', '2027-01-31', '2027-05-31'] },
  { code: 'TDS_27Q', dates: ['2026-07-31', '2026-10-31', '2027-01-31', '2027-05-31'] },
  { code: 'FORM16', dates: ['2027-06-15'] },
  { code: 'ADVANCE_TAX', dates: ['2026-06-15', '2026-09-15', '2026-12-15', '2027-03-15'] },
  { code: 'ITR_NON_AUDIT', dates: ['2027-07-31'] },
  { code: 'ITR_NON_AUDIT_BUSINESS', dates: ['2027-08-31'] },
  { code: 'ITR_AUDIT', dates: ['2027-10-31'] },
  { code: 'ITR_TRANSFER_PRICING', dates: ['2027-11-30'] },
  { code: 'ITR_BELATED_REVISED', dates: ['2027-12-31'] },
  { code: 'TAX_AUDIT_REPORT', dates: ['2027-09-30'] },
  { code: 'PF', dates: monthly('15') },
  { code: 'ESI', dates: monthly('15') },
  // Until the AGM is recorded, counted from its latest date (30 September 2027).
  { code: 'AOC4', dates: ['2027-10-30'] },
  { code: 'MGT7', dates: ['2027-11-29'] },
  { code: 'DIR3_KYC', dates: ['2027-09-30'] },
  { code: 'LLP_FORM11', dates: ['2027-05-30'] },
  { code: 'LLP_FORM8', dates: ['2027-10-30'] },
];

describe.each(listTestDialects())('due dates of the seeded calendar for FY 2026-27 on %s', (dialect) => {
  let database: TestDatabase;
  let rules: Map<string, RuleRow>;
  const ruleOf = (code: string): DueRule => toDueRule(rules.get(code) as RuleRow);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    rules = new Map((await listRules(database.database.db)).map((row) => [row.code, row]));
  });
  afterAll(async () => {
    await database.drop();
  });

  it('has a row of the table for every rule the migration seeded, and none it did not', () => {
    expect([...new Set(EXPECTED.map((row) => row.code))].sort()).toEqual([...rules.keys()].sort());
    for (const rule of rules.values()) expect(rule.source.length, rule.code).toBeGreaterThan(10);
  });

  it.each(EXPECTED)('$code $state: every period of the year falls due on the day the table says', (row) => {
    const rule = ruleOf(row.code);
    const periods = periodsOfFinancialYear(rule.frequency, FY).map((period) => period.key);
    const dates = periods.map((period) => computeDueDate(rule, period, { state: row.state ?? null }));
    expect(dates).toEqual(row.dates);
  });

  it('counts AOC-4 and MGT-7 from the AGM once the item records it', () => {
    expect(computeDueDate(ruleOf('AOC4'), 'FY2026-27', { eventDate: '2027-09-15' })).toBe('2027-10-15');
    expect(computeDueDate(ruleOf('MGT7'), 'FY2026-27', { eventDate: '2027-09-15' })).toBe('2027-11-14');
    // An AGM in August: 60 days crosses into October.
    expect(computeDueDate(ruleOf('MGT7'), 'FY2026-27', { eventDate: '2027-08-20' })).toBe('2027-10-19');
  });

  it('applies an extension to its own period only, at the quarter and at the year end too', () => {
    const gstr3b = ruleOf('GSTR3B_MONTHLY');
    const extensions = new Map([['2026-04', '2026-05-27']]);
    expect(computeDueDate(gstr3b, '2026-04', { extensions })).toBe('2026-05-27');
    expect(computeDueDate(gstr3b, '2026-05', { extensions })).toBe('2026-06-20');
    const tds = ruleOf('TDS_26Q');
    const q4 = new Map([['FY2026-27-Q4', '2027-06-30']]);
    expect(periodsOfFinancialYear('quarterly', FY).map((p) => computeDueDate(tds, p.key, { extensions: q4 }))).toEqual([
      '2026-07-31',
      '2026-10-31',
      '2027-01-31',
      '2027-06-30',
    ]);
    const gstr9 = ruleOf('GSTR9');
    expect(computeDueDate(gstr9, 'FY2026-27', { extensions: new Map([['FY2026-27', '2028-02-28']]) })).toBe(
      '2028-02-28',
    );
    // Another year's extension changes nothing here.
    expect(computeDueDate(gstr9, 'FY2026-27', { extensions: new Map([['FY2025-26', '2027-02-28']]) })).toBe(
      '2027-12-31',
    );
    // An extension of an event rule wins over the AGM date.
    const aoc4 = new Map([['FY2026-27', '2027-12-31']]);
    expect(computeDueDate(ruleOf('AOC4'), 'FY2026-27', { eventDate: '2027-09-15', extensions: aoc4 })).toBe(
      '2027-12-31',
    );
  });

  it('refuses a period of another kind than the rule’s', () => {
    expect(() => computeDueDate(ruleOf('GSTR3B_MONTHLY'), 'FY2026-27-Q1')).toThrow(/not a monthly period/);
    expect(() => computeDueDate(ruleOf('GSTR9'), '2026-04')).toThrow(/not a yearly period/);
    expect(() => computeDueDate(ruleOf('GSTR9'), 'FY2026-28')).toThrow();
  });
});

describe('the shipped calendar', () => {
  it('is listed in docs/compliance-calendar.md, each rule with its source', () => {
    const doc = fs.readFileSync(new URL('../../../docs/compliance-calendar.md', import.meta.url), 'utf8');
    for (const rule of readStatutoryCalendar()) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${rule.code}\` |`));
      expect(row, rule.code).toContain(rule.source);
    }
  });
});

describe('the due-date function itself', () => {
  const lastDay: DueRule = {
    frequency: 'monthly',
    due_day: 31,
    months_after: 1,
    days_after_event: null,
    exceptions: [],
    state_days: [],
  };

  it('clamps a day past the month’s end to its last day, February of a leap year included', () => {
    expect(computeDueDate(lastDay, '2026-04')).toBe('2026-05-31');
    expect(computeDueDate(lastDay, '2026-05')).toBe('2026-06-30');
    expect(computeDueDate(lastDay, '2027-01')).toBe('2027-02-28');
    expect(computeDueDate(lastDay, '2028-01')).toBe('2028-02-29');
  });

  it('lists the periods falling due in a range, an extended one from further back included', () => {
    const gstr3b: DueRule = { ...lastDay, due_day: 20 };
    expect(listPeriodsDueBetween(gstr3b, '2026-05-01', '2026-07-31')).toEqual([
      { period: '2026-04', dueDate: '2026-05-20' },
      { period: '2026-05', dueDate: '2026-06-20' },
      { period: '2026-06', dueDate: '2026-07-20' },
    ]);
    const extensions = new Map([['2025-01', '2026-05-05']]);
    expect(listPeriodsDueBetween(gstr3b, '2026-05-01', '2026-05-31', { extensions })).toEqual([
      { period: '2025-01', dueDate: '2026-05-05' },
      { period: '2026-04', dueDate: '2026-05-20' },
    ]);
    const yearly: DueRule = { ...lastDay, frequency: 'yearly', due_day: 31, months_after: 9 };
    expect(listPeriodsDueBetween(yearly, '2027-01-01', '2027-12-31')).toEqual([
      { period: 'FY2026-27', dueDate: '2027-12-31' },
    ]);
  });
});
