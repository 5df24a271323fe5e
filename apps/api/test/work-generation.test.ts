import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/database.js';
import { generateWorkItems, runDailyWorkGeneration } from '../src/modules/work/work-generation.service.js';
import { buildFirm, clientFields, type TestFirm } from './support/firm.js';
import { createUserThroughApi } from './support/people.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork, tieRule } from './support/work.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(listTestDialects())('work items planned from the calendar on %s', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['createUser']>>;
  let adminToken: string;
  let firm: TestFirm;
  let gst: number;

  beforeEach(async () => {
    // The test clock starts on 1 April 2026, 14:30 in India.
    t = await createTestApp(dialect);
    admin = await t.createUser('admin');
    adminToken = await t.signIn(admin);
    firm = await buildFirm(t, adminToken);
    gst = firm.services[0] as number;
  });
  afterEach(async () => {
    await t.close();
  });

  it('ties a rule to a service and plans each period due from today to 90 days ahead, once', async () => {
    await tieRule(t, adminToken, 'GSTR3B_MONTHLY', gst);
    const items = await listAllWork(t);
    expect(items.map((item) => [item.client_id, item.title, item.period, item.due_date, item.status])).toEqual([
      [firm.client.id, 'GSTR-3B · Mar 2026', '2026-03', '2026-04-20', 'not_started'],
      [firm.client.id, 'GSTR-3B · Apr 2026', '2026-04', '2026-05-20', 'not_started'],
      [firm.client.id, 'GSTR-3B · May 2026', '2026-05', '2026-06-20', 'not_started'],
    ]);
    expect(items.every((item) => item.firm_id === firm.mpc.id && item.service_id === gst && item.is_open === 1)).toBe(
      true,
    );
    for (let run = 0; run < 4; run += 1) await runDailyWorkGeneration(t.context);
    expect(await listAllWork(t)).toEqual(items);
  });

  it('plans a new client’s work when it is created, from the day it took the service, not before', async () => {
    await tieRule(t, adminToken, 'GSTR3B_MONTHLY', gst);
    t.clock.advance(25 * DAY); // 26 April: March's return (due 20 April) was before this client came.
    const mpc = await t.signIn(firm.mpc);
    const client = await createUserThroughApi(t, mpc, clientFields([gst]));
    const own = (await listAllWork(t)).filter((item) => item.client_id === client.id);
    expect(own.map((item) => item.period)).toEqual(['2026-04', '2026-05', '2026-06']);
  });

  it('adds the next period as the days pass, and catches up after days the server did not run', async () => {
    await tieRule(t, adminToken, 'GSTR3B_MONTHLY', gst);
    await runDailyWorkGeneration(t.context);
    t.clock.advance(21 * DAY); // 22 April: June's return, due 20 July, is now within 90 days.
    expect((await runDailyWorkGeneration(t.context)).created).toBe(1);
    t.clock.advance(75 * DAY); // early July, the server having been down since: July and August come.
    expect((await runDailyWorkGeneration(t.context)).created).toBe(2);
    const periods = (await listAllWork(t)).map((item) => item.period);
    expect(periods).toEqual(['2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08']);
    expect((await runDailyWorkGeneration(t.context)).created).toBe(0);
  });

  it('gives a client service’s work to its PC (or its executor), and hands unassigned work over later', async () => {
    const mpc = firm.mpc.token;
    const assign = (url: string, payload: object) => t.request({ method: 'POST', url, token: mpc, payload });
    await assign('/api/service/assignExecutor', {
      client_id: firm.client.id,
      service_id: gst,
      executor_id: firm.executor.id,
    });
    await tieRule(t, adminToken, 'GSTR3B_MONTHLY', gst);
    expect((await listAllWork(t)).map((item) => item.assignee_id)).toEqual([
      firm.executor.id,
      firm.executor.id,
      firm.executor.id,
    ]);
    // Another client without anyone on its service: nobody, until the MPC assigns a PC.
    const client = await createUserThroughApi(t, mpc, clientFields([gst]));
    const ownOf = async () => (await listAllWork(t)).filter((item) => item.client_id === client.id);
    expect((await ownOf()).map((item) => item.assignee_id)).toEqual([null, null, null]);
    await assign('/api/service/assignPC', { client_id: client.id, service_id: gst, pc_id: firm.pc.id });
    expect((await ownOf()).map((item) => item.assignee_id)).toEqual([firm.pc.id, firm.pc.id, firm.pc.id]);
    const first = (await ownOf())[0] as { id: number };
    const detail = (await t.request({ method: 'GET', url: `/api/work/${first.id}`, token: mpc })).json().data;
    expect(detail.history).toMatchObject([
      { field: 'assignee', from: null, to: String(firm.pc.id), actor: { id: firm.mpc.id } },
    ]);
  });

  it('creates every item once when two servers on one database generate at the same time', async () => {
    const more = [];
    for (let index = 0; index < 12; index += 1)
      more.push(await createUserThroughApi(t, firm.mpc.token, clientFields([gst, firm.services[1] as number])));
    // Tied without planning (as if the rules had been tied while these servers were down).
    const rules = await t.context.db.selectFrom('compliance_rules').select(['id', 'code']).execute();
    const tie = (code: string, serviceId: number) =>
      t.context.db
        .updateTable('compliance_rules')
        .set({ service_id: serviceId, active_since: t.clock.now().toISOString() })
        .where('id', '=', rules.find((rule) => rule.code === code)?.id as number)
        .execute();
    await tie('GSTR3B_MONTHLY', gst);
    await tie('GSTR1_MONTHLY', gst);
    await tie('ADVANCE_TAX', firm.services[1] as number);
    expect(await listAllWork(t)).toEqual([]);

    const second = await openSecondServer(t, dialect);
    try {
      const today = '2026-04-01';
      const runs = await Promise.all([
        generateWorkItems(t.context, today),
        generateWorkItems(second.context, today),
        generateWorkItems(t.context, today, { ruleId: rules.find((rule) => rule.code === 'GSTR1_MONTHLY')?.id }),
        generateWorkItems(second.context, today, { clientId: more[0]?.id }),
        runDailyWorkGeneration(second.context),
      ]);
      const items = await listAllWork(t);
      // 13 clients: GSTR-3B and GSTR-1 for March, April and May, advance tax for Q1.
      expect(items).toHaveLength(13 * (3 + 3 + 1));
      expect(runs.reduce((sum, run) => sum + run.created, 0)).toBe(items.length);
      const keys = items.map((item) => `${item.client_id}/${item.rule_id}/${item.period}`);
      expect(new Set(keys).size).toBe(keys.length);
      await Promise.all([generateWorkItems(t.context, today), generateWorkItems(second.context, today)]);
      expect(await listAllWork(t)).toEqual(items);
    } finally {
      await second.close();
    }
  });

  it('moves open items when the admin changes a rule’s day or records an extension, keeping filed ones', async () => {
    const rule = await tieRule(t, adminToken, 'GSTR3B_MONTHLY', gst);
    const [march, april] = await listAllWork(t);
    const mpc = firm.mpc.token;
    const filed = await t.request({
      method: 'PUT',
      url: `/api/work/${march?.id}`,
      token: mpc,
      payload: { status: 'filed', ack_number: 'AA0703260123456' },
    });
    expect(filed.statusCode).toBe(200);
    const extension = await t.request({
      method: 'POST',
      url: `/api/compliance/rules/${rule.id}/extensions`,
      token: adminToken,
      payload: { period: '2026-04', due_date: '2026-05-27', note: 'CBIC Notification 09/2026-CT' },
    });
    expect(extension.statusCode).toBe(201);
    expect(extension.json().data.extensions).toEqual([
      {
        period: '2026-04',
        period_label: 'Apr 2026',
        due_date: '2026-05-27',
        note: 'CBIC Notification 09/2026-CT',
        states: [],
      },
    ]);
    const moved = await t.request({
      method: 'PUT',
      url: `/api/compliance/rules/${rule.id}`,
      token: adminToken,
      payload: { due_day: 22 },
    });
    expect(moved.statusCode).toBe(200);
    const items = await listAllWork(t);
    // March was filed: it keeps its date; April keeps its extension; May follows the new day.
    expect(items.map((item) => [item.period, item.due_date])).toEqual([
      ['2026-03', '2026-04-20'],
      ['2026-04', '2026-05-27'],
      ['2026-05', '2026-06-22'],
    ]);
    const history = (await t.request({ method: 'GET', url: `/api/work/${april?.id}`, token: mpc })).json().data.history;
    expect(history).toMatchObject([{ field: 'due_date', from: '2026-05-20', to: '2026-05-27' }]);
  });

  it('moves only the named states’ items for an extension limited to states, and plans by it', async () => {
    const rule = await tieRule(t, adminToken, 'GSTR3B_MONTHLY', gst);
    const mpc = await t.signIn(firm.mpc);
    const chennai = await createUserThroughApi(
      t,
      mpc,
      clientFields([gst], { pincode: '600001', city: 'Chennai', state: 'Tamil Nadu' }),
    );
    const record = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: `/api/compliance/rules/${rule.id}/extensions`, token: adminToken, payload });
    const refused = await record({ period: '2026-04', due_date: '2026-06-10', states: ['Tamil Nadu', 'Atlantis'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ states: ['"Atlantis" is not a state or union territory of India.'] });

    const extension = await record({
      period: '2026-04',
      due_date: '2026-06-10',
      states: ['tamil nadu', 'Pondicherry'],
    });
    expect(extension.statusCode, extension.body).toBe(201);
    expect(extension.json().data.extensions).toMatchObject([
      { period: '2026-04', due_date: '2026-06-10', states: ['Tamil Nadu', 'Puducherry'] },
    ]);
    const dueOf = async (clientId: number) =>
      (await listAllWork(t))
        .filter((item) => item.client_id === clientId && item.period === '2026-04')
        .map((item) => item.due_date);
    expect(await dueOf(chennai.id)).toEqual(['2026-06-10']);
    expect(await dueOf(firm.client.id)).toEqual(['2026-05-20']);
    // An all-India extension of the same period is kept beside it; the named states keep theirs.
    expect((await record({ period: '2026-04', due_date: '2026-05-25' })).statusCode).toBe(201);
    expect(await dueOf(chennai.id)).toEqual(['2026-06-10']);
    expect(await dueOf(firm.client.id)).toEqual(['2026-05-25']);
    // A new Tamil Nadu client is planned with its state's date.
    const madurai = await createUserThroughApi(
      t,
      mpc,
      clientFields([gst], { pincode: '625001', city: 'Madurai', state: 'Tamil Nadu' }),
    );
    expect(await dueOf(madurai.id)).toEqual(['2026-06-10']);
  });

  it('plans nothing for a rule turned off, and plans from the day it is turned on again', async () => {
    const rule = await tieRule(t, adminToken, 'GSTR3B_MONTHLY', gst);
    const put = (token: string, payload: object) =>
      t.request({ method: 'PUT', url: `/api/compliance/rules/${rule.id}`, token, payload });
    expect((await put(adminToken, { enabled: false })).json().data.enabled).toBe(false);
    t.clock.advance(60 * DAY);
    expect((await runDailyWorkGeneration(t.context)).created).toBe(0);
    const enabled = await put(await t.signIn(admin), { enabled: true });
    expect(enabled.json().data).toMatchObject({ enabled: true, service_id: gst });
    // 31 May: June's return (due 20 July) and July's (due 20 August) are planned; nothing of the gap.
    expect((await listAllWork(t)).map((item) => item.period)).toEqual([
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
    ]);
  });
});

/** A second app on the same database (another server process of the same portal). */
async function openSecondServer(t: TestApp, dialect: string) {
  const database: Database =
    dialect === 'sqlite'
      ? openDatabase({ kind: 'sqlite', file: path.join(t.dataDir, 'portal.sqlite') })
      : openDatabase({
          kind: 'postgres',
          url: process.env.TEST_DATABASE_URL as string,
          ...(t.database.schema ? { schema: t.database.schema } : {}),
        });
  const config = loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' });
  const { app, context } = await buildApp({ config, database, clock: t.clock });
  return {
    context,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}
