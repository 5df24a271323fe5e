import { describe, expect, it } from 'vitest';
import { buildFirm } from './support/firm.js';
import { createTestApp } from './support/test-app.js';
import { listTestDialects, runOnDatabaseUpTo } from './support/test-database.js';
import { tieRule } from './support/work.js';

describe.each(listTestDialects())('open items re-dated after a calendar update, on %s', (dialect) => {
  it('migration 0072 queues the rules whose dates 0071 changed', async () => {
    await runOnDatabaseUpTo(dialect, '0071-calendar-citations', async (test) => {
      await test.migrateRest();
      const queued = await test.database.db
        .selectFrom('compliance_rule_redates')
        .innerJoin('compliance_rules', 'compliance_rules.id', 'compliance_rule_redates.rule_id')
        .select(['compliance_rules.code', 'compliance_rule_redates.reason'])
        .orderBy('compliance_rules.code')
        .execute();
      expect(queued).toEqual([
        { code: 'FORM27D', reason: '0071-calendar-citations' },
        { code: 'TCS_27EQ', reason: '0071-calendar-citations' },
        { code: 'TCS_PAYMENT', reason: '0071-calendar-citations' },
      ]);
    });
  });

  it('moves the open items the old calendar dated to the law’s date at the next start, once', async () => {
    const t = await createTestApp(dialect);
    try {
      t.clock.set(new Date('2026-11-20T04:30:00.000Z'));
      const adminToken = await t.signIn(await t.createUser('admin'));
      const firm = await buildFirm(t, adminToken);
      const service = firm.services[0] as number;
      await tieRule(t, adminToken, 'TCS_27EQ', service);
      await tieRule(t, adminToken, 'FORM27D', service);
      const itemOf = (code: string) =>
        t.context.db
          .selectFrom('work_items')
          .innerJoin('compliance_rules', 'compliance_rules.id', 'work_items.rule_id')
          .select(['work_items.id', 'work_items.due_date'])
          .where('compliance_rules.code', '=', code)
          .where('work_items.period', '=', 'FY2026-27-Q3')
          .executeTakeFirstOrThrow();
      const statement = await itemOf('TCS_27EQ');
      const certificate = await itemOf('FORM27D');
      expect([statement.due_date, certificate.due_date]).toEqual(['2027-01-31', '2027-02-15']);
      // As the calendar before 0071 planned them: the 15th, and the 30th of the month after; the
      // certificate was filed already, so it keeps the date it was filed against.
      const setDue = (id: number, dueDate: string) =>
        t.context.db.updateTable('work_items').set({ due_date: dueDate }).where('id', '=', id).execute();
      await setDue(statement.id, '2027-01-15');
      await setDue(certificate.id, '2027-01-30');
      const filed = await t.request({
        method: 'PUT',
        url: `/api/work/${certificate.id}`,
        token: firm.mpc.token,
        payload: { status: 'filed', ack_number: 'QQ1234567' },
      });
      expect(filed.statusCode, filed.body).toBe(200);

      await t.scheduler.tick();

      expect((await itemOf('TCS_27EQ')).due_date).toBe('2027-01-31');
      expect((await itemOf('FORM27D')).due_date).toBe('2027-01-30');
      const historyOf = (id: number) =>
        t.context.db
          .selectFrom('work_item_history')
          .select(['actor_id', 'field', 'from_value', 'to_value'])
          .where('work_item_id', '=', id)
          .where('field', '=', 'due_date')
          .execute();
      expect(await historyOf(statement.id)).toEqual([
        { actor_id: null, field: 'due_date', from_value: '2027-01-15', to_value: '2027-01-31' },
      ]);
      expect(await t.context.db.selectFrom('compliance_rule_redates').selectAll().execute()).toEqual([]);

      // The queue is empty: a later start moves nothing, even an item dated off the calendar again.
      await setDue(statement.id, '2027-01-15');
      t.clock.advance(2 * 60 * 60 * 1000);
      await t.scheduler.tick();
      expect((await itemOf('TCS_27EQ')).due_date).toBe('2027-01-15');
      expect(await historyOf(statement.id)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
