import { type WorkItem, workCursorOf } from '@portal/contract/work';
import { beforeAll, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { assignFirmStaff, useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';
import { addWorkItem, tieRule } from './support/work.js';

type Page = { data: WorkItem[]; total: number; current_page: number; last_page: number };

/**
 * A page of work is found in the index by offset (from the nearer end of the list), after the last row
 * shown (Next) or before the first (Previous); each way shows the same rows, and the total comes from the
 * firm's kept counts for the MPC and from its rows for anyone else.
 */
describe.each(listTestDialects())('pages of work on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('block', dialect);
  const call = bindApiCall(t);
  const read = async (token: string, query: string): Promise<Page> => {
    const response = await call('GET', `/api/work?${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const ids = (page: Page) => page.data.map((item) => item.id);

  beforeAll(async () => {
    const gst = firm.services[0] as number;
    await assignFirmStaff(t, firm, { pc: gst });
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', gst);
    // Items on the same days as the planned ones (ties broken by id) and one nobody is assigned.
    for (const due of ['2026-04-20', '2026-04-20', '2026-05-20', '2026-03-20'])
      await addWorkItem(t, firm.mpc.token, firm.client.id, gst, {
        title: 'Reconcile',
        due_date: due,
        assignee_id: firm.pc.id,
      });
    await addWorkItem(t, firm.mpc.token, firm.client.id, gst, {
      title: 'Unassigned',
      due_date: '2026-04-20',
      assignee_id: null,
    });
  });

  it('shows the same rows by offset, after the last row, before the first, and read from the end', async () => {
    for (const order of ['asc', 'desc']) {
      const whole = await read(firm.mpc.token, `order=${order}&limit=100`);
      expect(whole.total).toBeGreaterThanOrEqual(8);
      const limit = 2;
      const lastPage = Math.ceil(whole.total / limit);
      const slice = (page: number) => ids(whole).slice((page - 1) * limit, page * limit);
      for (let page = 1; page <= lastPage; page += 1) {
        const byOffset = await read(firm.mpc.token, `order=${order}&limit=${limit}&page=${page}`);
        expect(ids(byOffset), `${order} page ${page}`).toEqual(slice(page));
        expect(byOffset).toMatchObject({ total: whole.total, current_page: page, last_page: lastPage });
        if (page > 1) {
          const after = workCursorOf(whole.data[(page - 1) * limit - 1] as WorkItem);
          const next = await read(firm.mpc.token, `order=${order}&limit=${limit}&page=${page}&after=${after}`);
          expect(ids(next), `${order} next to ${page}`).toEqual(slice(page));
        }
        if (page < lastPage) {
          const before = workCursorOf(whole.data[page * limit] as WorkItem);
          const previous = await read(firm.mpc.token, `order=${order}&limit=${limit}&page=${page}&before=${before}`);
          expect(ids(previous), `${order} previous to ${page}`).toEqual(slice(page));
        }
      }
    }
  });

  it("counts each filter's rows, from the kept counts for the MPC and from the rows for the PC", async () => {
    const queries = [
      'status=open',
      'order=asc',
      'status=not_started',
      'status=filed,completed',
      'overdue=1',
      'due_from=2026-04-01&due_to=2026-04-30',
      `assignee_id=${firm.pc.id}&status=open`,
      'assignee_id=none',
      `assignee_id=${firm.pc.id}&due_from=2026-04-20&due_to=2026-04-20`,
      'q=reconcile',
      `service_id=${firm.services[0]}`,
    ];
    for (const token of [firm.mpc.token, firm.pc.token])
      for (const query of queries) {
        const whole = await read(token, `${query}&limit=100`);
        expect(whole.total, query).toBe(whole.data.length);
        expect((await read(token, `${query}&limit=2&page=2`)).total, query).toBe(whole.total);
      }
    // Moved on, the counts follow: one filed, one handed to nobody.
    const open = await read(firm.mpc.token, 'status=open&limit=100');
    const [first, second] = open.data as [WorkItem, WorkItem];
    await call('PUT', `/api/work/${first.id}`, firm.mpc.token, { status: 'cancelled' });
    await call('PUT', `/api/work/${second.id}`, firm.mpc.token, { assignee_id: null });
    expect((await read(firm.mpc.token, 'status=open&limit=1')).total).toBe(open.total - 1);
    const unassigned = await read(firm.mpc.token, 'assignee_id=none&limit=100');
    expect(unassigned.total).toBe(unassigned.data.length);
    expect(ids(unassigned)).toContain(second.id);
  });

  it('refuses a cursor that is not a row of a work list', async () => {
    const response = await call('GET', '/api/work?after=2026-04-20', firm.mpc.token);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ after: ['This page link is no longer valid.'] });
  });
});
