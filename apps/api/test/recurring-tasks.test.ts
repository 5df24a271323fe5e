import { beforeEach, describe, expect, it } from 'vitest';
import { runDailyWorkGeneration } from '../src/modules/work/work-generation.service.js';
import { WORK_TASKS } from '../src/modules/work/work-tasks.js';
import { assignFirmStaff, useFirm, useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(listTestDialects())('recurring non-statutory work on %s', (dialect) => {
  // The test clock starts on 1 April 2026, 14:30 in India.
  const { t, admin, firm } = useFirmApp('test', dialect);
  const other = useFirm('test', t, { admin, sharing: firm });
  let gst: number;
  beforeEach(() => {
    gst = firm.services[0] as number;
  });

  const bookkeeping = (overrides: Record<string, unknown> = {}) => ({
    client_id: firm.client.id,
    service_id: gst,
    title: 'Bookkeeping',
    cadence: 'monthly',
    due_day: 10,
    months_after: 1,
    starts_month: '2026-04',
    ...overrides,
  });
  const create = (token: string, payload: object) =>
    t.request({ method: 'POST', url: '/api/recurring-tasks', token, payload });
  const update = (token: string, id: number, payload: object) =>
    t.request({ method: 'PUT', url: `/api/recurring-tasks/${id}`, token, payload });
  const listTasks = (token: string, clientId = firm.client.id) =>
    t.request({ method: 'GET', url: `/api/clients/${clientId}/recurring-tasks`, token });
  const planned = (taskId: number) =>
    t.context.db
      .selectFrom('work_items')
      .select(['period', 'title', 'due_date', 'assignee_id', 'status'])
      .where('recurring_task_id', '=', taskId)
      .orderBy('period')
      .execute();
  const runDaily = async () => {
    const task = WORK_TASKS.find((entry) => entry.name === 'generate-work-items');
    await task?.run(t.context);
  };

  it('plans a monthly task at once, to its service’s PC, due on its day, and the client sees the items', async () => {
    await assignFirmStaff(t, firm, { pc: gst });
    const created = await create(firm.mpc.token, bookkeeping());
    expect(created.statusCode).toBe(201);
    const task = created.json().data;
    expect(task).toMatchObject({ cadence: 'monthly', starts_on: '2026-04', starts_label: 'Apr 2026', active: true });
    expect(task.next_due_date).toBe('2026-05-10');
    // 90 days ahead of 1 April is 30 June: April's (10 May) and May's (10 June); June's falls on 10 July.
    expect(await planned(task.id)).toEqual([
      {
        period: '2026-04',
        title: 'Bookkeeping · Apr 2026',
        due_date: '2026-05-10',
        assignee_id: firm.pc.id,
        status: 'not_started',
      },
      {
        period: '2026-05',
        title: 'Bookkeeping · May 2026',
        due_date: '2026-06-10',
        assignee_id: firm.pc.id,
        status: 'not_started',
      },
    ]);
    const work = await t.request({ method: 'GET', url: '/api/work?limit=100', token: firm.client.token });
    expect((work.json().data.data as { title: string }[]).map((item) => item.title).sort()).toEqual([
      'Bookkeeping · Apr 2026',
      'Bookkeeping · May 2026',
    ]);
  });

  it('plans idempotently, and the daily run adds the next period as the days pass', async () => {
    const task = (await create(firm.mpc.token, bookkeeping())).json().data;
    for (let run = 0; run < 3; run += 1) await runDaily();
    expect((await planned(task.id)).map((item) => item.period)).toEqual(['2026-04', '2026-05']);
    t.clock.advance(11 * DAY); // 12 April: June's, due 10 July, is within 90 days.
    await runDailyWorkGeneration(t.context); // the calendar's part alone plans no recurring work
    expect((await planned(task.id)).length).toBe(2);
    await runDaily();
    await runDaily();
    expect((await planned(task.id)).map((item) => item.period)).toEqual(['2026-04', '2026-05', '2026-06']);
  });

  it('clamps the due day to the month’s end for quarters and years, and plans none before the first period', async () => {
    const quarterly = await create(
      firm.mpc.token,
      bookkeeping({ title: 'MIS', cadence: 'quarterly', due_day: 31, months_after: 0, starts_month: '2026-05' }),
    );
    expect(quarterly.json().data).toMatchObject({ starts_on: 'FY2026-27-Q1', starts_label: 'Q1 FY 2026-27' });
    expect(await planned(quarterly.json().data.id)).toMatchObject([
      { period: 'FY2026-27-Q1', title: 'MIS · Q1 FY 2026-27', due_date: '2026-06-30' },
    ]);
    const yearly = await create(
      firm.mpc.token,
      bookkeeping({ title: 'Audit', cadence: 'yearly', due_day: 30, months_after: 0, starts_month: '2025-04' }),
    );
    // FY 2025-26 is due 30 March... of 2026, before the task was defined: not planned.
    expect(await planned(yearly.json().data.id)).toEqual([]);
  });

  it('pausing stops planning and keeps what was planned; resuming plans from that day; ending stops at its month', async () => {
    const task = (await create(firm.mpc.token, bookkeeping())).json().data;
    const paused = await update(firm.mpc.token, task.id, { active: false });
    expect(paused.json().data.active).toBe(false);
    t.clock.advance(30 * DAY); // 1 May: June's (due 10 July) would be within 90 days.
    await runDaily();
    expect((await planned(task.id)).map((item) => item.period)).toEqual(['2026-04', '2026-05']);
    // Sessions do not last the month: the MPC signs in again.
    const resumed = await update(await t.signIn(firm.mpc), task.id, { active: true, ends_month: '2026-06' });
    expect(resumed.json().data).toMatchObject({ active: true, ends_on: '2026-06', ends_label: 'Jun 2026' });
    expect((await planned(task.id)).map((item) => item.period)).toEqual(['2026-04', '2026-05', '2026-06']);
    t.clock.advance(60 * DAY);
    await runDaily();
    expect((await planned(task.id)).map((item) => item.period)).toEqual(['2026-04', '2026-05', '2026-06']);
  });

  it('an edit of the day applies to periods not planned yet; planned items keep their dates', async () => {
    const task = (await create(firm.mpc.token, bookkeeping())).json().data;
    const saved = await update(firm.mpc.token, task.id, { due_day: 15, title: 'Books' });
    expect(saved.statusCode).toBe(200);
    t.clock.advance(16 * DAY); // 17 April: June's, now due 15 July, is within 90 days.
    await runDaily();
    expect((await planned(task.id)).map((item) => [item.title, item.due_date])).toEqual([
      ['Bookkeeping · Apr 2026', '2026-05-10'],
      ['Bookkeeping · May 2026', '2026-06-10'],
      ['Books · Jun 2026', '2026-07-15'],
    ]);
  });

  it('the MPC defines; staff who handle the service see; others neither; the client not at all', async () => {
    // The executor handles the client's other service: it sees the client, not this service's task.
    await assignFirmStaff(t, firm, { pc: gst, executor: firm.services[1] as number });
    const task = (await create(firm.mpc.token, bookkeeping())).json().data;
    const seenByPc = await listTasks(firm.pc.token);
    expect(seenByPc.statusCode).toBe(200);
    expect(seenByPc.json().data).toMatchObject([{ id: task.id, permissions: { manage: false } }]);
    expect((await listTasks(firm.mpc.token)).json().data).toMatchObject([
      { id: task.id, permissions: { manage: true } },
    ]);
    expect((await listTasks(firm.executor.token)).json().data).toEqual([]);
    expect((await listTasks(other.mpc.token)).statusCode).toBe(404);
    expect((await listTasks(firm.mpc.token, 2_000_000)).statusCode).toBe(404);
    expect((await listTasks(firm.client.token)).statusCode).toBe(403);
    expect((await create(firm.pc.token, bookkeeping())).statusCode).toBe(403);
    expect((await create(other.mpc.token, bookkeeping())).statusCode).toBe(404);
    expect((await update(firm.pc.token, task.id, { active: false })).statusCode).toBe(403);
    expect((await update(other.mpc.token, task.id, { active: false })).statusCode).toBe(404);
    expect((await update(firm.executor.token, task.id, { active: false })).statusCode).toBe(404);
    await assignFirmStaff(t, firm, { executor: gst });
    expect((await listTasks(firm.executor.token)).json().data).toMatchObject([{ id: task.id }]);
    expect((await update(firm.client.token, task.id, { active: false })).statusCode).toBe(403);
  });

  it('checks the request with the contract’s schema', async () => {
    const refused = await create(
      firm.mpc.token,
      bookkeeping({ due_day: 32, cadence: 'weekly', starts_month: '04/2026' }),
    );
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['cadence', 'due_day', 'starts_month']);
    expect((await create(firm.mpc.token, { ...bookkeeping(), firm_id: 1 })).statusCode).toBe(400);
    const ended = await create(firm.mpc.token, bookkeeping({ ends_month: '2026-03' }));
    expect(ended.json().errors).toEqual({ ends_month: ['The last month may not be before the first.'] });
    const notTaken = await create(firm.mpc.token, bookkeeping({ client_id: other.client.id }));
    expect(notTaken.statusCode).toBe(404);
  });
});
