import { describe, expect, it } from 'vitest';
import { createTestDatabase, listTestDialects } from './support/test-database.js';

describe.each(listTestDialects())('migration 0041 on a running calendar, on %s', (dialect) => {
  it('adds the states’ professional tax rules untied and enabled, each limited to its state', async () => {
    const test = await createTestDatabase(dialect, { upTo: '0040-recurring-tasks' });
    try {
      const db = test.database.db;
      // The calendar as the previous release left it: no professional tax.
      await db.deleteFrom('compliance_rules').where('code', 'like', 'PT\\_%').execute();
      await test.migrateRest();
      const rows = await db.selectFrom('compliance_rules').selectAll().orderBy('code').execute();
      const pt = rows.filter((row) => row.code.startsWith('PT_'));
      // 0041 inserts every rule of the calendar file missing, those migrations 0062 and 0071 ship too.
      expect(pt.map((row) => [row.code, JSON.parse(row.states)])).toEqual([
        ['PT_ANDHRA_PRADESH', ['Andhra Pradesh']],
        ['PT_BIHAR', ['Bihar']],
        ['PT_GUJARAT', ['Gujarat']],
        ['PT_GUJARAT_ANNUAL', ['Gujarat']],
        ['PT_GUJARAT_QUARTERLY', ['Gujarat']],
        ['PT_KARNATAKA', ['Karnataka']],
        ['PT_KERALA', ['Kerala']],
        ['PT_MADHYA_PRADESH', ['Madhya Pradesh']],
        ['PT_MAHARASHTRA', ['Maharashtra']],
        ['PT_MAHARASHTRA_YEARLY', ['Maharashtra']],
        ['PT_ODISHA', ['Odisha']],
        ['PT_PUNJAB', ['Punjab']],
        ['PT_TAMIL_NADU', ['Tamil Nadu']],
        ['PT_TELANGANA', ['Telangana']],
        ['PT_TRIPURA', ['Tripura']],
        ['PT_WEST_BENGAL', ['West Bengal']],
        ['PT_WEST_BENGAL_ANNUAL', ['West Bengal']],
      ]);
      expect(pt.every((row) => row.service_id === null && row.enabled === 1 && row.authority === 'STATE')).toBe(true);
      expect(rows.filter((row) => !row.code.startsWith('PT_')).every((row) => row.states === '[]')).toBe(true);
    } finally {
      await test.drop();
    }
  });
});
