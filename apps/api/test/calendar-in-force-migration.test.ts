import { describe, expect, it } from 'vitest';
import { SHIPPED_BY_0020 } from '../src/db/migrations/0029-calendar-in-force.js';
import { readStatutoryCalendar } from '../src/db/statutory-calendar.js';
import { listTestDialects, runOnDatabaseUpTo } from './support/test-database.js';

/** The codes the calendar had before issue 22 (migration 0020 seeded these 28). */
const OLD_CODES = Object.keys(SHIPPED_BY_0020);

describe.each(listTestDialects())('migration 0029 on a running calendar, on %s', (dialect) => {
  it('brings rules the admin left alone to the law, keeps the admin’s edits and ties, and adds the new rules', async () => {
    await runOnDatabaseUpTo(dialect, '0028-removed-blobs', async (test) => {
      const db = test.database.db;
      const now = new Date('2026-06-01T09:00:00.000Z').toISOString();
      // The calendar as the previous release left it: the 28 old rows with the values 0020 shipped.
      await db.deleteFrom('compliance_rules').where('code', 'not in', OLD_CODES).execute();
      for (const [code, shipped] of Object.entries(SHIPPED_BY_0020))
        await db.updateTable('compliance_rules').set(shipped).where('code', '=', code).execute();
      const service = await db
        .insertInto('services')
        .values({ service_name: 'ROC filings', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The admin tied DIR-3 KYC and turned it off, moved the tax audit report's day and renamed ITR_AUDIT.
      await db
        .updateTable('compliance_rules')
        .set({ service_id: service.id, enabled: 0, active_since: now })
        .where('code', '=', 'DIR3_KYC')
        .execute();
      await db.updateTable('compliance_rules').set({ due_day: 15 }).where('code', '=', 'TAX_AUDIT_REPORT').execute();
      await db
        .updateTable('compliance_rules')
        .set({ name: 'Our ITR (audit)' })
        .where('code', '=', 'ITR_AUDIT')
        .execute();

      await test.migrateRest();

      const rows = new Map(
        (await db.selectFrom('compliance_rules').selectAll().execute()).map((row) => [row.code, row]),
      );
      const file = readStatutoryCalendar();
      expect([...rows.keys()].sort()).toEqual(file.map((rule) => rule.code).sort());

      const kyc = rows.get('DIR3_KYC');
      expect(kyc).toMatchObject({ due_day: 30, months_after: 3, every_years: 3, first_period: 'FY2027-28' });
      expect(kyc).toMatchObject({ service_id: service.id, enabled: 0 });
      expect(kyc?.source).toContain('G.S.R. 943(E)');

      // The admin's day stays; the citation follows the law.
      const audit = rows.get('TAX_AUDIT_REPORT');
      expect(audit).toMatchObject({ due_day: 15, months_after: 6 });
      expect(audit?.source).toContain('Income-tax Act 2025 s.63');
      expect(rows.get('ITR_AUDIT')?.name).toBe('Our ITR (audit)');
      expect(rows.get('ITR_BELATED_REVISED')).toMatchObject({
        form: 'ITR (belated)',
        name: 'Belated income-tax return',
      });
      expect(JSON.parse(rows.get('GSTR3B_QRMP')?.sources ?? '[]')[0].source).toContain('rule 61(1)(ii)');

      for (const rule of file.filter((entry) => !OLD_CODES.includes(entry.code))) {
        const row = rows.get(rule.code);
        expect(row, rule.code).toMatchObject({
          service_id: null,
          enabled: 1,
          active_since: null,
          due_day: rule.due_day,
        });
        expect(JSON.parse(row?.sources ?? '[]'), rule.code).toEqual(rule.sources);
      }
      expect(JSON.parse(rows.get('GST_PMT06')?.periods_of_year ?? '[]')).toEqual([
        'M04',
        'M05',
        'M07',
        'M08',
        'M10',
        'M11',
        'M01',
        'M02',
      ]);
    });
  });
});
