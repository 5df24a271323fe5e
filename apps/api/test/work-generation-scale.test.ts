import { ROLE_ID } from '@portal/contract/roles';
import { describe, expect, it } from 'vitest';
import { runDailyWorkGeneration } from '../src/modules/work/work-generation.service.js';
import { buildFirm, clientFields, type TestFirm } from './support/firm.js';
import { createUserThroughApi } from './support/people.js';
import { planOneClientAtATime } from './support/per-client-planning.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork } from './support/work.js';

/** Ties rules to services as if while the servers were down: nothing planned until the daily run. */
async function tieQuietly(t: TestApp, ties: [code: string, serviceId: number][], since: string) {
  for (const [code, serviceId] of ties)
    await t.context.db
      .updateTable('compliance_rules')
      .set({ service_id: serviceId, enabled: 1, active_since: since })
      .where('code', '=', code)
      .execute();
}

async function readRuleId(t: TestApp, code: string): Promise<number> {
  const row = await t.context.db
    .selectFrom('compliance_rules')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** `count` more clients of the firm written as rows (the API would plan each): in Maharashtra, on both services. */
async function addClientRows(t: TestApp, firm: TestFirm, count: number) {
  const now = t.clock.now().toISOString();
  const made = Date.now();
  const ids =
    count === 0
      ? []
      : await t.context.db
          .insertInto('users')
          .values(
            Array.from({ length: count }, (_, index) => ({
              role_id: ROLE_ID.client,
              firm_id: firm.mpc.id,
              created_by: firm.mpc.id,
              first_name: `Bulk${index}`,
              last_name: 'Client',
              email: `bulk${index}.${made}@scale.test`,
              username: `bulk${index}x${made}`,
              password_hash: 'unused',
              mobile_number: '9876543210',
              status: 'active',
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute();
  if (ids.length === 0) return;
  await t.context.db
    .insertInto('user_services')
    .values(ids.flatMap(({ id }) => firm.services.map((service_id) => ({ user_id: id, service_id, created_at: now }))))
    .execute();
  // A third handled by the firm's PC, a third by its executor alone, a third by nobody yet.
  await t.context.db
    .insertInto('service_assignments')
    .values(
      ids
        .filter((_, index) => index % 3 !== 2)
        .map(({ id }, index) => ({
          client_id: id,
          service_id: firm.services[0] as number,
          pc_id: index % 2 === 0 ? firm.pc.id : null,
          executor_id: firm.executor.id,
          mpc_id: null,
          created_at: now,
          updated_at: now,
        })),
    )
    .execute();
}

/** Issue 26: planning is one INSERT ... SELECT per rule and period, never one statement per client. */
describe.each(listTestDialects())('planning at scale on %s', (dialect) => {
  it('plans 200 clients in as many statements as one, checklists included', async () => {
    const runs: { statements: number; created: number; steps: number }[] = [];
    for (const clients of [1, 200]) {
      let counting = false;
      let statements = 0;
      const t = await createTestApp(dialect, {
        // The invitations' mail goes out in the background, and its passes may run between the planning's
        // statements (db/event-loop-turns.ts): they are not the planning's.
        observeQuery: (query) => {
          if (counting && !/\bmail_outbox\b/.test(query.sql)) statements += 1;
        },
      });
      try {
        const adminToken = await t.signIn(await t.createUser('admin'));
        const firm = await buildFirm(t, adminToken);
        const [gst, payroll] = firm.services as [number, number];
        await addClientRows(t, firm, clients - 1);
        await t.context.db
          .updateTable('users')
          .set({ state: 'Maharashtra' })
          .where('role_id', '=', ROLE_ID.client)
          .execute();
        const template = await t.request({
          method: 'PUT',
          url: `/api/checklists/services/${gst}`,
          token: adminToken,
          payload: { steps: ['Sales register received', 'Return filed'] },
        });
        expect(template.statusCode).toBe(200);
        await tieQuietly(
          t,
          [
            ['GSTR3B_MONTHLY', gst],
            ['GSTR1_MONTHLY', gst],
            ['ADVANCE_TAX', payroll],
            ['PT_MAHARASHTRA', payroll],
          ],
          t.clock.now().toISOString(),
        );
        counting = true;
        const { created } = await runDailyWorkGeneration(t.context);
        counting = false;
        const steps = await t.context.db
          .selectFrom('work_item_checklist_steps')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        runs.push({ statements, created, steps: Number(steps.n) });
      } finally {
        await t.close();
      }
    }
    // Per client: GSTR-3B and GSTR-1 for March, April and May, advance tax for Q1, Maharashtra's PT for
    // April and May; the two GST returns' six items have two checklist steps each.
    expect(runs.map((run) => [run.created, run.steps])).toEqual([
      [9, 12],
      [1_800, 2_400],
    ]);
    expect(runs[1]?.statements).toBe(runs[0]?.statements);
  }, 120_000);

  it('plans a mixed set of clients as the per-client generator did, and nothing more on a second run', async () => {
    const t = await createTestApp(dialect);
    try {
      // The test clock stands on 1 April 2026; the rules began planning on 1 March.
      const adminToken = await t.signIn(await t.createUser('admin'));
      const firm = await buildFirm(t, adminToken);
      const other = await buildFirm(t, adminToken, firm.services);
      const [gst, payroll] = firm.services as [number, number];
      const mpc = firm.mpc.token;
      const add = async (state: string | null, services = firm.services) =>
        (await createUserThroughApi(t, mpc, clientFields(services, state ? { state } : {}))).id;
      const pune = await add('maharashtra ');
      const cuttack = await add('Orissa');
      const delhi = await add('NCT of Delhi');
      const chennai = await add('Tamil Nadu');
      const nowhere = await add(null);
      const gstOnly = await add('Maharashtra', [gst]);
      const late = await add('Kerala');
      const justBefore = await add('Kerala');
      const gone = await add('Maharashtra');
      await t.context.db.updateTable('users').set({ state: null }).where('id', '=', nowhere).execute();
      await t.context.db.updateTable('users').set({ status: 'deactivated' }).where('id', '=', gone).execute();
      // Took the services a minute after (and before) 20 March ended in India: February's GSTR-3B is due that day.
      const took = (clientId: number, at: string) =>
        t.context.db.updateTable('user_services').set({ created_at: at }).where('user_id', '=', clientId).execute();
      await took(late, '2026-03-20T18:31:00.000Z');
      await took(justBefore, '2026-03-20T18:29:00.000Z');
      for (const clientId of [firm.client.id, pune, cuttack, delhi, chennai, nowhere, gstOnly, gone])
        await took(clientId, '2026-02-01T00:00:00.000Z');
      // Who handles what: the firm's client's GST its PC, Pune's its executor, Delhi's handed to the other firm.
      await t.request({
        method: 'POST',
        url: '/api/service/assignPC',
        token: mpc,
        payload: { client_id: firm.client.id, service_id: gst, pc_id: firm.pc.id },
      });
      await t.request({
        method: 'POST',
        url: '/api/service/assignExecutor',
        token: mpc,
        payload: { client_id: pune, service_id: gst, executor_id: firm.executor.id },
      });
      await t.request({
        method: 'PUT',
        url: '/api/service/updateAssignType',
        token: mpc,
        payload: { client_id: delhi, assign_service_type: false },
      });
      const handed = await t.request({
        method: 'POST',
        url: '/api/service/assignMPC',
        token: mpc,
        payload: { client_id: delhi, service_id: gst, mpc_username: other.mpc.username },
      });
      expect(handed.statusCode, handed.body).toBe(200);
      // The platform's GST checklist, and the firm's own for the payroll service.
      for (const [serviceId, token, steps] of [
        [gst, adminToken, ['Sales register received', 'Return filed']],
        [payroll, mpc, ['Challan paid']],
        [payroll, adminToken, ['Payroll register']],
      ] as const) {
        const saved = await t.request({
          method: 'PUT',
          url: `/api/checklists/services/${serviceId}`,
          token,
          payload: { steps },
        });
        expect(saved.statusCode).toBe(200);
      }
      // Extensions: GSTR-3B of March for Tamil Nadu, GSTR-1 of February for everyone.
      const stamp = t.clock.now().toISOString();
      await t.context.db
        .insertInto('compliance_rule_state_extensions')
        .values({
          rule_id: await readRuleId(t, 'GSTR3B_MONTHLY'),
          period: '2026-03',
          due_date: '2026-04-30',
          note: null,
          created_by: null,
          states_key: 'tamil nadu',
          states: JSON.stringify(['Tamil Nadu']),
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      await t.context.db
        .insertInto('compliance_rule_extensions')
        .values({
          rule_id: await readRuleId(t, 'GSTR1_MONTHLY'),
          period: '2026-02',
          due_date: '2026-03-25',
          note: null,
          created_by: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      await tieQuietly(
        t,
        [
          ['GSTR3B_MONTHLY', gst],
          ['GSTR1_MONTHLY', gst],
          ['GSTR3B_QRMP', payroll],
          ['ADVANCE_TAX', payroll],
          ['PT_MAHARASHTRA', payroll],
          ['PT_ODISHA', payroll],
          ['PT_KERALA', payroll],
        ],
        '2026-03-01T00:00:00.000Z',
      );
      expect(await listAllWork(t)).toEqual([]);

      const expected = await planOneClientAtATime(t.context.db, '2026-04-01');
      const { created } = await runDailyWorkGeneration(t.context);
      const items = await listAllWork(t);
      expect(
        items.map((item) => ({
          firm_id: item.firm_id,
          client_id: item.client_id,
          service_id: item.service_id,
          rule_id: item.rule_id,
          period: item.period,
          title: item.title,
          due_date: item.due_date,
          assignee_id: item.assignee_id,
        })),
      ).toEqual(expected);
      expect(created).toBe(items.length);
      expect(
        items.every(
          (item) =>
            item.status === 'not_started' &&
            item.is_open === 1 &&
            item.created_by === null &&
            item.filed_on === null &&
            item.event_date === null,
        ),
      ).toBe(true);

      // The old expectations, by hand: dates by state, states' own levies, start dates, assignees.
      const of = (clientId: number, code: string) =>
        readRuleId(t, code).then((ruleId) =>
          items
            .filter((item) => item.client_id === clientId && item.rule_id === ruleId)
            .map((item) => [item.period, item.due_date, item.assignee_id]),
        );
      expect(await of(delhi, 'GSTR3B_QRMP')).toEqual([['FY2025-26-Q4', '2026-04-24', null]]);
      expect(await of(pune, 'GSTR3B_QRMP')).toEqual([['FY2025-26-Q4', '2026-04-22', null]]);
      expect(await of(delhi, 'GSTR3B_MONTHLY')).toEqual([
        ['2026-02', '2026-03-20', other.mpc.id],
        ['2026-03', '2026-04-20', other.mpc.id],
        ['2026-04', '2026-05-20', other.mpc.id],
        ['2026-05', '2026-06-20', other.mpc.id],
      ]);
      expect(await of(chennai, 'GSTR3B_MONTHLY')).toEqual([
        ['2026-02', '2026-03-20', null],
        ['2026-03', '2026-04-30', null],
        ['2026-04', '2026-05-20', null],
        ['2026-05', '2026-06-20', null],
      ]);
      expect((await of(firm.client.id, 'GSTR1_MONTHLY'))[0]).toEqual(['2026-02', '2026-03-25', firm.pc.id]);
      expect((await of(pune, 'GSTR1_MONTHLY'))[0]).toEqual(['2026-02', '2026-03-25', firm.executor.id]);
      expect((await of(pune, 'PT_MAHARASHTRA')).map(([period]) => period)).toEqual(['2026-04', '2026-05']);
      expect((await of(cuttack, 'PT_ODISHA')).map(([period]) => period)).toEqual([
        '2026-02',
        '2026-03',
        '2026-04',
        '2026-05',
      ]);
      for (const clientId of [nowhere, gstOnly, firm.client.id, delhi])
        expect([...(await of(clientId, 'PT_MAHARASHTRA')), ...(await of(clientId, 'PT_ODISHA'))]).toEqual([]);
      expect(items.filter((item) => item.client_id === gone)).toEqual([]);
      // Taken a minute after 20 March ended in India: no February GSTR-3B; a minute before: one.
      expect((await of(late, 'GSTR3B_MONTHLY')).map(([period]) => period)).toEqual(['2026-03', '2026-04', '2026-05']);
      expect((await of(justBefore, 'GSTR3B_MONTHLY')).map(([period]) => period)).toEqual([
        '2026-02',
        '2026-03',
        '2026-04',
        '2026-05',
      ]);

      // Checklists: the platform's for GST; for payroll the firm's own, the platform's for the other firm.
      const steps = await t.context.db
        .selectFrom('work_item_checklist_steps')
        .select(['work_item_id', 'label'])
        .orderBy('work_item_id')
        .orderBy('position')
        .execute();
      const labelsOf = (workId: number) => steps.filter((step) => step.work_item_id === workId).map((s) => s.label);
      for (const item of items)
        expect(labelsOf(item.id)).toEqual(
          item.service_id === gst
            ? ['Sales register received', 'Return filed']
            : item.firm_id === firm.mpc.id
              ? ['Challan paid']
              : ['Payroll register'],
        );

      expect((await runDailyWorkGeneration(t.context)).created).toBe(0);
      expect(await listAllWork(t)).toEqual(items);
    } finally {
      await t.close();
    }
  }, 120_000);
});
