import type { WorkItem } from '@portal/contract/work';
import { beforeEach, describe, expect, it } from 'vitest';
import { runDailyWorkGeneration } from '../src/modules/work/work-generation.service.js';
import { bindApiCall } from './support/api-call.js';
import { assignFirmStaff, buildFirm, useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';
import { addWorkItem, listAllWork, tieRule } from './support/work.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(listTestDialects())('work items through the API on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  let gst: number;
  let items: { id: number; period: string | null }[];

  const call = bindApiCall(t);

  beforeEach(async () => {
    gst = firm.services[0] as number;
    await assignFirmStaff(t, firm, { pc: gst });
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', gst);
    items = await listAllWork(t);
  });

  it('files an item only with its acknowledgement number, keeps every change as history, shows the client', async () => {
    const april = items[1] as { id: number };
    const url = `/api/work/${april.id}`;
    const pc = firm.pc.token;
    expect((await call('PUT', url, pc, { status: 'in_progress' })).statusCode).toBe(200);
    const noAck = await call('PUT', url, pc, { status: 'filed' });
    expect(noAck.statusCode).toBe(422);
    expect(noAck.json()).toEqual({
      status: 'error',
      message: 'The given data was invalid.',
      errors: { ack_number: ['Enter the acknowledgement or ARN number to mark this filed.'] },
    });
    const future = await call('PUT', url, pc, { status: 'filed', ack_number: 'AA070426', filed_on: '2026-04-02' });
    expect(future.json().errors).toEqual({ filed_on: ['The filing date may not be in the future.'] });
    const badAck = await call('PUT', url, pc, { status: 'filed', ack_number: 'AA07 <script>' });
    expect(badAck.statusCode).toBe(422);
    // Nothing of the refused moves stayed.
    expect((await call('GET', url, pc)).json().data).toMatchObject({ status: 'in_progress', ack_number: null });

    const filed = await call('PUT', url, pc, { status: 'filed', ack_number: ' aa0704260012345 ' });
    expect(filed.statusCode).toBe(200);
    const item = filed.json().data;
    expect(item).toMatchObject({ status: 'filed', ack_number: 'AA0704260012345', filed_on: '2026-04-01' });
    expect(
      item.history.map((entry: { field: string; from: string | null; to: string | null }) => [
        entry.field,
        entry.from,
        entry.to,
      ]),
    ).toEqual([
      ['status', 'not_started', 'in_progress'],
      ['status', 'in_progress', 'filed'],
      ['filed_on', null, '2026-04-01'],
      ['ack_number', null, 'AA0704260012345'],
    ]);
    expect(item.history[1]).toMatchObject({
      from_label: 'In progress',
      to_label: 'Filed',
      actor: { id: firm.pc.id },
      at: t.clock.now().toISOString(),
    });

    // The client reads its own item: title, period, due date, status, filing; nothing of the staff's.
    const client = firm.client.token;
    const seen = (await call('GET', url, client)).json().data;
    expect(seen).toEqual({
      id: april.id,
      client_id: firm.client.id,
      client_name: expect.any(String),
      service_id: gst,
      service_name: expect.any(String),
      title: 'GSTR-3B · Apr 2026',
      period: '2026-04',
      period_label: 'Apr 2026',
      due_date: '2026-05-20',
      status: 'filed',
      overdue: false,
      filed_on: '2026-04-01',
      ack_number: 'AA0704260012345',
      permissions: { edit: false, files: true, review: false },
      requests: [],
      request_permissions: { create: false },
      period_folder_id: null,
    });
    const filedList = (await call('GET', '/api/work?status=filed,completed', client)).json().data;
    expect(filedList.data.map((entry: WorkItem) => [entry.id, entry.ack_number])).toEqual([
      [april.id, 'AA0704260012345'],
    ]);
    expect((await call('PUT', url, client, { status: 'completed' })).statusCode).toBe(403);

    // Reopened, the filing leaves the item (its history keeps it).
    const reopened = (await call('PUT', url, pc, { status: 'in_progress' })).json().data;
    expect(reopened).toMatchObject({ status: 'in_progress', ack_number: null, filed_on: null });
    const refused = await call('PUT', url, pc, { status: 'in_progress', ack_number: 'X1' });
    expect(refused.json().errors).toEqual({
      ack_number: ['A filing date and acknowledgement belong to a filed item.'],
    });
  });

  it('adds a one-off item for a client service, refuses what the body may not change', async () => {
    const pc = firm.pc.token;
    const created = await addWorkItem(t, pc, firm.client.id, gst, {
      title: 'Reply to GST notice ASMT-10',
      due_date: '2026-04-15',
    });
    expect(created.statusCode).toBe(201);
    const item = created.json().data;
    expect(item).toMatchObject({
      title: 'Reply to GST notice ASMT-10',
      rule_id: null,
      period: null,
      status: 'not_started',
      assignee: { id: firm.pc.id },
      created_by: { id: firm.pc.id },
      permissions: { edit: true, files: true, review: false },
    });
    const moved = await call('PUT', `/api/work/${item.id}`, pc, { due_date: '2026-04-18', title: 'Reply to ASMT-10' });
    expect(moved.json().data).toMatchObject({ due_date: '2026-04-18', title: 'Reply to ASMT-10' });
    // A statutory item is due when its rule says, under its rule's title.
    const statutory = `/api/work/${items[1]?.id}`;
    expect((await call('PUT', statutory, pc, { due_date: '2026-06-01' })).json().errors).toHaveProperty('due_date');
    expect((await call('PUT', statutory, pc, { title: 'Something' })).json().errors).toHaveProperty('title');
    expect((await call('PUT', statutory, pc, { event_date: '2026-09-20' })).json().errors).toHaveProperty('event_date');
    expect((await call('PUT', statutory, pc, { status: 'done' })).statusCode).toBe(422);
    expect((await call('PUT', statutory, pc, { firm_id: 9 })).statusCode).toBe(400);
    expect((await call('PUT', statutory, pc, {})).statusCode).toBe(422);
    // Another firm's PC is no assignee here; the client's own service only.
    const other = await buildFirm(t, admin.token, firm.services);
    expect((await call('PUT', statutory, pc, { assignee_id: other.pc.id })).json().errors).toHaveProperty(
      'assignee_id',
    );
    const wrongService = await addWorkItem(t, firm.mpc.token, firm.client.id, 999_999, {
      title: 'x',
      due_date: '2026-04-15',
    });
    expect(wrongService.json().errors).toEqual({ service_id: ["This service is not one of the client's services."] });
    const notHis = await addWorkItem(t, other.mpc.token, firm.client.id, gst, { title: 'x', due_date: '2026-04-15' });
    expect(notHis.statusCode).toBe(404);
    const own = (await listAllWork(t)).filter((entry) => entry.client_id === firm.client.id);
    expect(own.length).toBe(items.length + 1);
  });

  it('counts an AOC-4 from the AGM once the item records it', async () => {
    const roc = firm.services[1] as number;
    await tieRule(t, admin.token, 'AOC4', roc);
    // Planned once FY 2025-26's AOC-4 (AGM by 30 September 2026, due 30 October) is within 90 days.
    t.clock.advance(150 * DAY);
    await runDailyWorkGeneration(t.context);
    const aoc4 = (await listAllWork(t)).find((item) => item.title.startsWith('AOC-4')) as { id: number };
    const mpc = await t.signIn(firm.mpc);
    const before = (await call('GET', `/api/work/${aoc4.id}`, mpc)).json().data;
    expect(before).toMatchObject({ title: 'AOC-4 · FY 2025-26', due_date: '2026-10-30', event_name: 'AGM' });
    const after = (await call('PUT', `/api/work/${aoc4.id}`, mpc, { event_date: '2026-08-28' })).json().data;
    expect(after).toMatchObject({ event_date: '2026-08-28', due_date: '2026-09-27' });
  });

  it('lists with its filters and order, and exports the same rows as CSV, formulas made harmless', async () => {
    const mpc = firm.mpc.token;
    await addWorkItem(t, mpc, firm.client.id, gst, {
      title: '=HYPERLINK("http://evil.example","Click")',
      due_date: '2026-04-10',
      notes: '+91 98200, "urgent"\nsecond line',
    });
    t.clock.advance(20 * DAY); // 21 April: March's GSTR-3B (20 April) and the one-off (10 April) are overdue.
    const token = await t.signIn(firm.mpc);
    const list = async (query: string) => (await call('GET', `/api/work?${query}`, token)).json().data;
    const titles = (page: { data: { title: string }[] }) => page.data.map((entry) => entry.title);
    expect(titles(await list('overdue=1'))).toEqual([
      '=HYPERLINK("http://evil.example","Click")',
      'GSTR-3B · Mar 2026',
    ]);
    expect(titles(await list('status=open&due_from=2026-05-01'))).toEqual(['GSTR-3B · Apr 2026', 'GSTR-3B · May 2026']);
    expect(titles(await list('order=desc&limit=2'))).toEqual(['GSTR-3B · May 2026', 'GSTR-3B · Apr 2026']);
    expect((await list('q=may 2026')).total).toBe(1);
    // The client's name finds its items too (and another firm's client of that name stays out).
    const named = await t.context.db
      .selectFrom('users')
      .select('last_name')
      .where('id', '=', firm.client.id)
      .executeTakeFirstOrThrow();
    expect((await list(`q=${named.last_name.toUpperCase()}`)).total).toBe(4);
    expect((await list('q=50%25_off')).total).toBe(0);
    expect((await list('assignee_id=none')).total).toBe(0);
    expect((await list(`assignee_id=${firm.pc.id}&service_id=${gst}&client_id=${firm.client.id}`)).total).toBe(4);
    const page2 = await list('limit=3&page=2');
    expect([page2.total, page2.last_page, titles(page2)]).toEqual([4, 2, ['GSTR-3B · May 2026']]);
    expect((await list('overdue=1')).data[0]).toMatchObject({
      overdue: true,
      permissions: { edit: true, files: true, review: false },
    });
    for (const bad of ['status=late', 'due_from=2026-02-30', 'overdue=yes', 'sort=title', 'assignee_id=x'])
      expect((await call('GET', `/api/work?${bad}`, token)).statusCode, bad).toBe(422);

    const csv = await call('GET', '/api/work/export?overdue=1', token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('work-2026-04-21.csv');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFClient,Service,Title,Period,Due date,Status,Overdue,Assignee,Filed on,Acknowledgement number,Notes',
    );
    expect(lines).toHaveLength(4); // header, two rows, and the empty end after the last line break
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",,10/04/2026,Not started,Yes,`);
    expect(csv.body).toContain(`"'+91 98200, ""urgent""\nsecond line"`);
    expect(lines[2]).toContain(',GSTR-3B · Mar 2026,Mar 2026,20/04/2026,Not started,Yes,');
    // The client's export: its own items, its own columns; dates as every screen shows them (dd/mm/yyyy).
    const march = items.find((item) => item.period === '2026-03') as { id: number };
    const filing = { status: 'filed', ack_number: 'AA0704260054321' };
    expect((await call('PUT', `/api/work/${march.id}`, token, filing)).statusCode).toBe(200);
    const clientCsv = await call('GET', '/api/work/export', await t.signIn(firm.client));
    const clientLines = clientCsv.body.split('\r\n');
    expect(clientLines[0]).toBe('\uFEFFTitle,Service,Period,Due date,Status,Filed on,Acknowledgement number');
    expect(clientLines).toHaveLength(6);
    expect(clientCsv.body).toContain(',20/04/2026,Filed,21/04/2026,AA0704260054321');
    expect(clientCsv.body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('answers the dashboards’ numbers and a month of the calendar for each one’s scope', async () => {
    const mpc = firm.mpc.token;
    await call('PUT', `/api/work/${items[0]?.id}`, mpc, { status: 'filed', ack_number: 'AA0703260000001' });
    await addWorkItem(t, mpc, firm.client.id, gst, {
      title: 'Collect bank statements',
      due_date: '2026-04-05',
      assignee_id: null,
    });
    const summary = (await call('GET', '/api/work/summary', mpc)).json().data;
    expect(summary).toMatchObject({ today: '2026-04-01', overdue: 0, due_this_week: 1 });
    expect(summary.by_status.find((row: { status: string }) => row.status === 'not_started').count).toBe(1);
    expect(summary.by_assignee).toEqual([
      { assignee: { id: firm.pc.id, name: expect.any(String) }, open: 2, overdue: 0 },
      { assignee: null, open: 1, overdue: 0 },
    ]);
    // The client's numbers count its own items but name nobody: its items never say who works on them.
    const clientSummary = (await call('GET', '/api/work/summary', firm.client.token)).json().data;
    expect(clientSummary).toMatchObject({ today: '2026-04-01', due_this_week: 1, by_assignee: [] });
    expect(JSON.stringify(clientSummary)).not.toContain(String(firm.pc.email));
    const calendar = (await call('GET', '/api/compliance/calendar?from=2026-04-01&to=2026-04-30', mpc)).json().data;
    expect(
      calendar.days.map((day: { date: string; total: number; open: number }) => [day.date, day.total, day.open]),
    ).toEqual([
      ['2026-04-05', 1, 1],
      ['2026-04-20', 1, 0],
    ]);
    expect(calendar.days[1].items).toEqual([
      {
        id: items[0]?.id,
        title: 'GSTR-3B · Mar 2026',
        client_name: expect.any(String),
        status: 'filed',
        overdue: false,
      },
    ]);
    // The client sees its own items on its calendar too; the admin has no work to see.
    const own = (await call('GET', '/api/compliance/calendar?from=2026-05-01&to=2026-05-31', firm.client.token)).json();
    expect(own.data.days.map((day: { date: string }) => day.date)).toEqual(['2026-05-20']);
    expect((await call('GET', '/api/compliance/calendar?from=2026-04-01&to=2026-04-30', admin.token)).statusCode).toBe(
      403,
    );
    const tooLong = await call('GET', '/api/compliance/calendar?from=2026-04-01&to=2026-07-01', mpc);
    expect(tooLong.json().errors).toEqual({ to: ['A calendar shows at most 62 days at once.'] });
    const backwards = await call('GET', '/api/compliance/calendar?from=2026-04-30&to=2026-04-01', mpc);
    expect(backwards.statusCode).toBe(422);
  });

  it('lets only the admin edit the calendar, with clear errors for bad values', async () => {
    const rules = (await call('GET', '/api/compliance/rules', firm.client.token)).json().data;
    expect(rules.length).toBeGreaterThanOrEqual(28);
    const rule = rules.find((entry: { code: string }) => entry.code === 'GSTR3B_MONTHLY');
    expect(rule).toMatchObject({ service_id: gst, enabled: true, frequency: 'monthly', due_day: 20 });
    const url = `/api/compliance/rules/${rule.id}`;
    for (const token of [firm.mpc.token, firm.pc.token, firm.client.token]) {
      expect((await call('PUT', url, token, { due_day: 21 })).statusCode).toBe(403);
      expect(
        (await call('POST', `${url}/extensions`, token, { period: '2026-04', due_date: '2026-05-25' })).statusCode,
      ).toBe(403);
    }
    expect((await call('PUT', url, admin.token, { due_day: 32 })).json().errors).toEqual({
      due_day: ['The due day must be a whole number from 1 to 31.'],
    });
    expect((await call('PUT', url, admin.token, { service_id: 999_999 })).json().errors).toEqual({
      service_id: ['This service does not exist.'],
    });
    expect((await call('PUT', url, admin.token, { days_after_event: 30 })).statusCode).toBe(422);
    expect((await call('PUT', url, admin.token, { source: 'x' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/compliance/rules/999999', admin.token, { due_day: 20 })).statusCode).toBe(404);
    const wrongKind = await call('POST', `${url}/extensions`, admin.token, {
      period: 'FY2026-27-Q1',
      due_date: '2026-08-01',
    });
    expect(wrongKind.json().errors).toEqual({
      period: ['This rule is due once a month: enter a period of that kind.'],
    });
    const badPeriod = await call('POST', `${url}/extensions`, admin.token, {
      period: '2026-13',
      due_date: '2026-08-01',
    });
    expect(badPeriod.json().errors).toHaveProperty('period');
    // Nothing of the refused edits stayed.
    const after = (await call('GET', '/api/compliance/rules', admin.token)).json().data;
    expect(after.find((entry: { id: number }) => entry.id === rule.id)).toEqual(rule);
  });
});
