import { describe, expect, it } from 'vitest';
import { readStatutoryCalendar } from '../src/db/statutory-calendar.js';
import { computeDueDate, sourceOf, toDueRule } from '../src/modules/compliance/due-dates.js';
import { listTestDialects, runOnDatabaseUpTo } from './support/test-database.js';

/** What the calendar held for these rules before migration 0071 (the release of 2026-11-27). */
const BEFORE: Record<
  string,
  { name?: string; due_day: number; months_after: number; exceptions: unknown[]; sources: unknown[] }
> = {
  TCS_27EQ: {
    due_day: 15,
    months_after: 1,
    exceptions: [{ period_of_year: 'Q4', due_day: 15, months_after: 2 }],
    sources: [
      { source: 'Income-tax Rules 1962 rule 31AA(2), Form 27EQ: 15 Jul, 15 Oct, 15 Jan, 15 May' },
      {
        from: '2026-04',
        source:
          'Income-tax Act 2025 s.397(3)(b); Income-tax Rules 2026, Form 143 (replaces Form 27EQ): the 1962 dates carried over (not confirmed, docs/compliance-calendar.md)',
      },
    ],
  },
  FORM27D: {
    due_day: 30,
    months_after: 1,
    exceptions: [{ period_of_year: 'Q4', due_day: 30, months_after: 2 }],
    sources: [
      {
        source:
          "Income-tax Rules 1962 rule 37D(3), Form 27D: within fifteen days of the rule 31AA statement's due date (30 Jul, 30 Oct, 30 Jan, 30 May)",
      },
    ],
  },
  TCS_PAYMENT: {
    name: 'Tax collected at source, deposit: 7th of the next month, March included',
    due_day: 7,
    months_after: 1,
    exceptions: [],
    sources: [{ source: "Income-tax Rules 1962 rule 37CA(1): within one week of the month's end, for March too" }],
  },
  SFT: {
    due_day: 31,
    months_after: 2,
    exceptions: [],
    sources: [
      {
        source:
          'Income-tax Act 1961 s.285BA; Income-tax Rules 1962 rule 114E(5), Form 61A: 31 May after the financial year',
      },
    ],
  },
};

const byCode = (a: { code: string }, b: { code: string }) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

describe.each(listTestDialects())('migration 0071 on a running calendar, on %s', (dialect) => {
  it('brings the citations and the TCS dates to the law, keeps an edited date and every tie, and dates old periods by the old law', async () => {
    await runOnDatabaseUpTo(dialect, '0070-firm-marked-search', async (test) => {
      const db = test.database.db;
      const now = new Date('2026-11-01T09:00:00.000Z').toISOString();
      for (const [code, old] of Object.entries(BEFORE))
        await db
          .updateTable('compliance_rules')
          .set({
            ...(old.name ? { name: old.name } : {}),
            due_day: old.due_day,
            months_after: old.months_after,
            exceptions: JSON.stringify(old.exceptions),
            sources: JSON.stringify(old.sources),
            source: (old.sources.at(-1) as { source: string }).source,
          })
          .where('code', '=', code)
          .execute();
      await db
        .updateTable('compliance_rules')
        .set({ first_period: 'FY2026-27' })
        .where('code', '=', 'ITR_REVISED')
        .execute();
      const service = await db
        .insertInto('services')
        .values({ service_name: 'TDS and TCS', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The admin tied the TCS statement and turned it off, and moved the TCS certificate to the 28th.
      await db
        .updateTable('compliance_rules')
        .set({ service_id: service.id, enabled: 0, active_since: now })
        .where('code', '=', 'TCS_27EQ')
        .execute();
      await db.updateTable('compliance_rules').set({ due_day: 28 }).where('code', '=', 'FORM27D').execute();
      // The rule this migration adds is not there yet.
      await db.deleteFrom('compliance_rules').where('code', '=', 'PT_GUJARAT_ANNUAL').execute();
      const untouched = await db
        .selectFrom('compliance_rules')
        .selectAll()
        .where('code', 'not in', [...Object.keys(BEFORE), 'ITR_REVISED'])
        .orderBy('code')
        .execute();

      await test.migrateRest();

      const rows = new Map(
        (await db.selectFrom('compliance_rules').selectAll().execute()).map((row) => [row.code, row]),
      );
      const file = new Map(readStatutoryCalendar().map((rule) => [rule.code, rule]));
      for (const code of [...Object.keys(BEFORE), 'ITR_REVISED']) {
        const row = rows.get(code);
        expect(JSON.parse(row?.sources ?? '[]'), code).toEqual(file.get(code)?.sources);
        expect(row?.source, code).toBe(file.get(code)?.source);
        expect(JSON.parse(row?.exceptions ?? '[]'), code).toEqual(file.get(code)?.exceptions);
      }
      const tcs = rows.get('TCS_27EQ');
      expect([tcs?.due_day, tcs?.months_after, tcs?.service_id, tcs?.enabled]).toEqual([31, 1, service.id, 0]);
      // Form 133: the admin's 28th stays; its Q4 exception is the law's.
      const form27d = rows.get('FORM27D');
      expect([form27d?.due_day, form27d?.months_after]).toEqual([28, 1]);
      expect(rows.get('TCS_PAYMENT')?.name).toBe(file.get('TCS_PAYMENT')?.name);
      expect(rows.get('ITR_REVISED')?.first_period).toBe('FY2025-26');
      // Each period is dated and cited by the law in force for it.
      const tcsRule = toDueRule(tcs as NonNullable<typeof tcs>);
      expect(computeDueDate(tcsRule, 'FY2025-26-Q4')).toBe('2026-05-15');
      expect(computeDueDate(tcsRule, 'FY2026-27-Q1')).toBe('2026-07-31');
      expect(computeDueDate(tcsRule, 'FY2026-27-Q4')).toBe('2027-05-31');
      expect(sourceOf(JSON.parse(tcs?.sources ?? '[]'), 'FY2026-27-Q1')).toContain('rule 219(1) Table Sl. No. 4');
      const payment = toDueRule(rows.get('TCS_PAYMENT') as NonNullable<typeof tcs>);
      expect(computeDueDate(payment, '2026-03')).toBe('2026-04-07');
      expect(computeDueDate(payment, '2027-03')).toBe('2027-04-30');
      expect(computeDueDate(payment, '2026-04')).toBe('2026-05-07');
      expect(sourceOf(JSON.parse(rows.get('SFT')?.sources ?? '[]'), 'FY2026-27')).toContain(
        'rule 237(1), (5), Form 165',
      );
      // Gujarat's yearly return of the employers below 20: inserted untied and enabled, for Gujarat only.
      const gujarat = rows.get('PT_GUJARAT_ANNUAL');
      expect([gujarat?.service_id, gujarat?.enabled, gujarat?.frequency, JSON.parse(gujarat?.states ?? '[]')]).toEqual([
        null,
        1,
        'yearly',
        ['Gujarat'],
      ]);
      expect(computeDueDate(toDueRule(gujarat as NonNullable<typeof tcs>), 'FY2026-27')).toBe('2027-04-15');
      // Every other rule is as it was.
      expect(
        [...rows.values()]
          .filter((row) => ![...Object.keys(BEFORE), 'ITR_REVISED', 'PT_GUJARAT_ANNUAL'].includes(row.code))
          .sort(byCode),
      ).toEqual(untouched.sort(byCode));
    });
  });
});
