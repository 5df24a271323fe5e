import { describe, expect, it } from 'vitest';
import { createTestDatabase, listTestDialects } from './support/test-database.js';

/** The rules migration 0062 ships (issue 22 item 10: more states, the smaller employers' and annual returns). */
const ADDED: [string, string[], string][] = [
  ['PT_BIHAR', ['Bihar'], 'monthly'],
  ['PT_GUJARAT_QUARTERLY', ['Gujarat'], 'quarterly'],
  ['PT_KERALA', ['Kerala'], 'monthly'],
  ['PT_MADHYA_PRADESH', ['Madhya Pradesh'], 'monthly'],
  ['PT_MAHARASHTRA_YEARLY', ['Maharashtra'], 'yearly'],
  ['PT_ODISHA', ['Odisha'], 'monthly'],
  ['PT_PUNJAB', ['Punjab'], 'monthly'],
  ['PT_TRIPURA', ['Tripura'], 'monthly'],
  ['PT_WEST_BENGAL_ANNUAL', ['West Bengal'], 'yearly'],
];

describe.each(listTestDialects())('migration 0062 on a running calendar, on %s', (dialect) => {
  it('adds the new states’ and the smaller employers’ rules untied and enabled, and leaves the admin’s rules alone', async () => {
    const test = await createTestDatabase(dialect, { upTo: '0061-retention' });
    try {
      const db = test.database.db;
      // The calendar as the previous release left it: the first seven states, one of them tied and turned off.
      await db
        .deleteFrom('compliance_rules')
        .where(
          'code',
          'in',
          ADDED.map(([code]) => code),
        )
        .execute();
      const service = await db.selectFrom('services').select('id').executeTakeFirst();
      await db
        .updateTable('compliance_rules')
        .set({ service_id: service?.id ?? null, enabled: 0, name: 'PT Mumbai (ours)' })
        .where('code', '=', 'PT_MAHARASHTRA')
        .execute();
      const before = await db.selectFrom('compliance_rules').selectAll().orderBy('code').execute();

      await test.migrateRest();

      const after = await db.selectFrom('compliance_rules').selectAll().orderBy('code').execute();
      const added = after.filter((row) => ADDED.some(([code]) => code === row.code));
      expect(added.map((row) => [row.code, JSON.parse(row.states), row.frequency])).toEqual(ADDED);
      for (const row of added) {
        expect(row.service_id, row.code).toBeNull();
        expect(row.enabled, row.code).toBe(1);
        expect(row.authority, row.code).toBe('STATE');
        expect(row.active_since, row.code).toBeNull();
      }
      expect(JSON.parse(added.find((row) => row.code === 'PT_KERALA')?.periods_of_year ?? '[]')).toEqual([
        'M08',
        'M02',
      ]);
      expect(added.find((row) => row.code === 'PT_MAHARASHTRA_YEARLY')?.first_period).toBe('FY2026-27');
      // Every rule that was there is as it was: the admin's tie, switch and name included.
      expect(after.filter((row) => !added.includes(row))).toEqual(before);
    } finally {
      await test.drop();
    }
  });
});
