import type { AuditPage } from '@portal/contract/audit';
import type { DocumentRequest } from '@portal/contract/requests';
import type { WorkCalendar } from '@portal/contract/work';
import { beforeEach, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { assignFirmStaff, buildFirm, clientFields, type TestFirm } from './support/firm.js';
import { createUserThroughApi } from './support/people.js';
import { mustAskForDocuments } from './support/requests.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork, tieRule } from './support/work.js';

/**
 * Issue 22 item 6: a client's own Work tab reads its requests, the calendar narrows like the work list,
 * and the Activity pager knows its total and jumps to a page by number.
 */
describe.each(listTestDialects())("one client's work, the calendar's filters and activity pages on %s", (dialect) => {
  const t = useTestApp('test', dialect);
  const call = bindApiCall(t);
  let firm: TestFirm;
  let gst: number;
  let other: { id: number };
  let work: { id: number; client_id: number; due_date: string; assignee_id: number | null }[];

  beforeEach(async () => {
    const adminToken = await t.signIn(await t.createUser('admin'));
    firm = await buildFirm(t, adminToken);
    gst = firm.services[0] as number;
    other = await createUserThroughApi(t, firm.mpc.token, clientFields(firm.services));
    await assignFirmStaff(t, firm, { pc: gst });
    await tieRule(t, adminToken, 'GSTR3B_MONTHLY', gst);
    work = (await listAllWork(t)) as unknown as typeof work;
  });

  const itemsOf = (clientId: number) => work.filter((item) => item.client_id === clientId);

  it("lists one client's document requests with client_id, and refuses a client_id that is no id", async () => {
    const [mine] = itemsOf(firm.client.id);
    const [theirs] = itemsOf(other.id);
    const asked = await mustAskForDocuments(t, firm.mpc.token, mine?.id as number);
    await mustAskForDocuments(t, firm.mpc.token, theirs?.id as number);

    const all = (await call('GET', '/api/requests', firm.mpc.token)).json().data;
    expect(all.total).toBe(2);
    const one = (await call('GET', `/api/requests?client_id=${firm.client.id}`, firm.mpc.token)).json().data;
    expect(one.total).toBe(1);
    expect(one.data.map((request: DocumentRequest) => request.id)).toEqual([asked.id]);
    const bad = await call('GET', '/api/requests?client_id=abc', firm.mpc.token);
    expect(bad.statusCode).toBe(422);
  });

  it('narrows the calendar by client, service and assignee', async () => {
    const first = work.map((item) => item.due_date).sort()[0] as string;
    const range = `from=${first.slice(0, 8)}01&to=${first.slice(0, 8)}28`;
    const totalOf = async (query: string) => {
      const response = await call('GET', `/api/compliance/calendar?${range}${query}`, firm.mpc.token);
      expect(response.statusCode, response.body).toBe(200);
      const calendar = response.json().data as WorkCalendar;
      return calendar.days.reduce((sum, day) => sum + day.total, 0);
    };
    const inMonth = (items: typeof work) => items.filter((item) => item.due_date.slice(0, 7) === first.slice(0, 7));
    expect(await totalOf('')).toBe(inMonth(work).length);
    expect(await totalOf(`&client_id=${other.id}`)).toBe(inMonth(itemsOf(other.id)).length);
    expect(inMonth(itemsOf(other.id)).length).toBeLessThan(inMonth(work).length);
    expect(await totalOf(`&service_id=${firm.services[1]}`)).toBe(0);
    expect(await totalOf(`&assignee_id=${firm.pc.id}`)).toBe(
      inMonth(work.filter((item) => item.assignee_id === firm.pc.id)).length,
    );
    expect(await totalOf('&assignee_id=none')).toBe(inMonth(work.filter((item) => item.assignee_id === null)).length);
    const bad = await call('GET', `/api/compliance/calendar?${range}&client_id=x`, firm.mpc.token);
    expect(bad.statusCode).toBe(422);
  });

  it('answers the count of the activity and a page asked by number', async () => {
    const first = (await call('GET', '/api/audit?limit=4', firm.mpc.token)).json().data as AuditPage;
    expect(first.total).toBeGreaterThanOrEqual(4);
    expect(first.current_page).toBe(1);
    expect(first.last_page).toBe(Math.ceil(first.total / 4));
    const second = (await call('GET', '/api/audit?limit=2&page=2', firm.mpc.token)).json().data as AuditPage;
    expect(second).toMatchObject({ current_page: 2, per_page: 2, total: first.total });
    expect(second.data.map((event) => event.id)).toEqual(first.data.slice(2, 4).map((event) => event.id));
  });
});
