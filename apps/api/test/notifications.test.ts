import type { Notification, NotificationPage } from '@portal/contract/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { raiseDueNotices } from '../src/modules/notifications/due-notices.service.js';
import { notifyUsers } from '../src/modules/notifications/notify-users.js';
import { bindApiCall } from './support/api-call.js';
import { buildFirm, useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';
import { addWorkItem, listAllWork, tieRule } from './support/work.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(listTestDialects())('notifications on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  let gst: number;

  const call = bindApiCall(t);
  const bell = async (token: string, query = ''): Promise<NotificationPage> => {
    const response = await call('GET', `/api/notifications${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const kindsAndTexts = (page: NotificationPage) => page.data.map((entry: Notification) => [entry.kind, entry.text]);
  const nameOf = async (id: number) => {
    const row = await t.context.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return `${row.first_name} ${row.last_name}`.trim();
  };
  const assignPc = (pcId: number) =>
    call('POST', '/api/service/assignPC', firm.mpc.token, { client_id: firm.client.id, service_id: gst, pc_id: pcId });

  beforeEach(async () => {
    gst = firm.services[0] as number;
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', gst);
  });

  it('tells a PC or executor once when the MPC hands it a client service, and nobody else', async () => {
    const [mpcName, clientName] = [await nameOf(firm.mpc.id), await nameOf(firm.client.id)];
    const serviceName = (
      await t.context.db.selectFrom('services').select('service_name').where('id', '=', gst).executeTakeFirstOrThrow()
    ).service_name;
    expect((await assignPc(firm.pc.id)).statusCode).toBe(200);
    // Assigned again unchanged: nothing new.
    expect((await assignPc(firm.pc.id)).statusCode).toBe(200);
    const pcBell = await bell(firm.pc.token);
    expect(pcBell).toMatchObject({ total: 1, unread: 1, current_page: 1, last_page: 1 });
    expect(pcBell.data[0]).toEqual({
      id: expect.any(Number),
      kind: 'service_assigned',
      text: `${mpcName} assigned you ${serviceName} of ${clientName}.`,
      read: false,
      created_at: t.clock.now().toISOString(),
      actor: { id: firm.mpc.id, name: mpcName },
      work_item_id: null,
      client_id: firm.client.id,
      service_id: gst,
      request_id: null,
    });
    const assigned = await call('POST', '/api/service/assignExecutor', firm.mpc.token, {
      client_id: firm.client.id,
      service_id: gst,
      executor_id: firm.executor.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(kindsAndTexts(await bell(firm.executor.token))).toEqual([
      ['service_assigned', `${mpcName} assigned you ${serviceName} of ${clientName}.`],
    ]);
    // The work the service already had went to the PC with it: no notice per item on top.
    expect((await bell(firm.pc.token)).total).toBe(1);
    for (const token of [firm.mpc.token, firm.client.token]) expect((await bell(token)).total).toBe(0);
  });

  it('tells the new assignee, the assignee of a status someone else changed, and the client of its filing', async () => {
    await assignPc(firm.pc.id);
    const [item] = await listAllWork(t);
    const url = `/api/work/${item?.id}`;
    const title = item?.title as string;
    const [mpcName, executorName, clientName] = [
      await nameOf(firm.mpc.id),
      await nameOf(firm.executor.id),
      await nameOf(firm.client.id),
    ];
    expect((await call('PUT', url, firm.mpc.token, { assignee_id: firm.executor.id })).statusCode).toBe(200);
    expect((await call('PUT', url, firm.mpc.token, { status: 'in_progress' })).statusCode).toBe(200);
    // Its own change tells the executor nothing; the filing tells the client.
    const filed = await call('PUT', url, firm.executor.token, { status: 'filed', ack_number: 'AA2904260000001' });
    expect(filed.statusCode).toBe(200);
    // Assigned and moved in one change: one notice, the assignment.
    await call('PUT', url, firm.mpc.token, {
      assignee_id: firm.pc.id,
      status: 'under_review',
      reviewer_id: firm.mpc.id,
    });
    // A refused change tells nobody anything.
    expect((await call('PUT', url, firm.mpc.token, { status: 'filed' })).statusCode).toBe(422);

    expect(kindsAndTexts(await bell(firm.executor.token))).toEqual([
      ['work_status', `${mpcName} moved ${title} (${clientName}) to In progress.`],
      ['work_assigned', `${mpcName} assigned you ${title} (${clientName}).`],
    ]);
    const clientBell = await bell(firm.client.token);
    expect(clientBell.data).toEqual([
      expect.objectContaining({
        kind: 'work_status',
        text: `${executorName} moved ${title} to Filed.`,
        work_item_id: item?.id,
        client_id: firm.client.id,
      }),
    ]);
    expect(kindsAndTexts(await bell(firm.pc.token)).slice(0, 1)).toEqual([
      ['work_assigned', `${mpcName} assigned you ${title} (${clientName}).`],
    ]);
    // The firm's owner hears of the executor's filing, and of nothing it did itself (issue 22).
    expect(kindsAndTexts(await bell(firm.mpc.token))).toEqual([
      ['owner_work_filed', `${executorName} marked ${title} (${clientName}) Filed, ARN AA2904260000001.`],
    ]);

    // A one-off item added for someone else tells it; added for oneself, nobody.
    const added = await addWorkItem(t, firm.mpc.token, firm.client.id, gst, {
      title: 'Reply to ASMT-10',
      due_date: '2026-04-20',
      assignee_id: firm.executor.id,
    });
    expect(added.statusCode).toBe(201);
    await addWorkItem(t, firm.pc.token, firm.client.id, gst, {
      title: 'Own reminder',
      due_date: '2026-04-21',
      assignee_id: firm.pc.id,
    });
    expect((await bell(firm.executor.token)).data[0]).toMatchObject({
      kind: 'work_assigned',
      work_item_id: added.json().data.id,
      text: `${mpcName} assigned you Reply to ASMT-10 (${clientName}).`,
    });
    expect((await bell(firm.pc.token)).total).toBe(2);
  });

  it('pages the recipient’s own newest first with its unread count, and marks only its own read', async () => {
    const other = await buildFirm(t, admin.token, firm.services);
    const at = t.clock.now();
    for (let index = 1; index <= 12; index += 1) {
      await notifyUsers(t.context.db, {
        recipients: [firm.pc.id],
        kind: 'work_due_soon',
        subject: `Item ${index}`,
        detail: '2026-04-03',
        at,
      });
    }
    await notifyUsers(t.context.db, { recipients: [other.pc.id], kind: 'work_due_soon', subject: 'Theirs', at });
    const first = await bell(firm.pc.token, '?limit=5');
    expect(first).toMatchObject({ current_page: 1, last_page: 3, per_page: 5, total: 12, unread: 12 });
    expect(first.data.map((entry) => entry.text)).toEqual(
      [12, 11, 10, 9, 8].map((index) => `Item ${index} is due on 03/04/2026.`),
    );
    const last = await bell(firm.pc.token, '?limit=5&page=3');
    expect(last.data.map((entry) => entry.text)).toEqual([
      'Item 2 is due on 03/04/2026.',
      'Item 1 is due on 03/04/2026.',
    ]);

    const theirs = (await bell(other.pc.token)).data[0] as Notification;
    const mine = first.data.slice(0, 2).map((entry) => entry.id);
    const marked = await call('POST', '/api/notifications/read', firm.pc.token, { ids: [...mine, theirs.id, 99_999] });
    expect(marked.json()).toEqual({
      status: 'success',
      message: 'Notifications marked as read.',
      data: { marked: 2, unread: 10 },
    });
    // Someone else's stays unread, and is listed to nobody but its recipient.
    expect(await bell(other.pc.token)).toMatchObject({ total: 1, unread: 1 });
    for (const token of [firm.mpc.token, other.mpc.token, firm.client.token, admin.token])
      expect((await bell(token)).data.some((entry) => entry.id === theirs.id)).toBe(false);
    const again = await bell(firm.pc.token, '?limit=2');
    expect(again.data.map((entry) => entry.read)).toEqual([true, true]);
    expect((await call('POST', '/api/notifications/read', firm.pc.token, { all: true })).json().data).toEqual({
      marked: 10,
      unread: 0,
    });
    expect(await bell(other.pc.token)).toMatchObject({ unread: 1 });
  });

  it('refuses a bad read request or page with the reason, and a caller not signed in', async () => {
    const pc = firm.pc.token;
    const refused = async (payload: object) => (await call('POST', '/api/notifications/read', pc, payload)).json();
    expect(await refused({})).toEqual({
      status: 'error',
      message: 'The given data was invalid.',
      errors: { _: ['Send the ids to mark as read, or all: true.'] },
    });
    expect((await refused({ ids: [] })).errors).toEqual({ ids: ['ids must be a list of 1 to 100 notification ids.'] });
    expect((await refused({ ids: ['7'] })).errors).toHaveProperty(['ids.0']);
    expect((await refused({ ids: Array.from({ length: 101 }, (_, i) => i + 1) })).errors).toHaveProperty('ids');
    expect((await refused({ all: false })).errors).toEqual({ all: ['all must be true.'] });
    expect((await refused({ all: true, ids: [1] })).errors).toHaveProperty('_');
    expect((await call('POST', '/api/notifications/read', pc, { all: true, user_id: 1 })).statusCode).toBe(400);
    expect((await call('GET', '/api/notifications?page=0', pc)).statusCode).toBe(422);
    expect((await call('GET', '/api/notifications?limit=x', pc)).statusCode).toBe(422);
    expect((await t.request({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/api/notifications/read', payload: { all: true } })).statusCode,
    ).toBe(401);
  });

  it('raises one due-soon and one overdue notice per open item, however often the pass runs', async () => {
    await assignPc(firm.pc.id);
    const [march, april] = (await listAllWork(t)).slice(0, 2) as { id: number; title: string }[] as [
      { id: number; title: string },
      { id: number; title: string },
    ];
    // Nobody is assigned the one-off: its notices go to the firm's MPC.
    await addWorkItem(t, firm.mpc.token, firm.client.id, gst, {
      title: 'Collect bank statements',
      due_date: '2026-04-19',
      assignee_id: null,
    });
    const runs = async (times: number) => {
      await Promise.all(Array.from({ length: times }, () => raiseDueNotices(t.context)));
      for (let index = 0; index < times; index += 1) await raiseDueNotices(t.context);
    };
    await runs(3);
    expect((await bell(firm.pc.token)).total).toBe(1); // the service's assignment only

    t.clock.set(new Date('2026-04-16T20:00:00.000Z')); // 17 April in India: March's GSTR-3B (20 April) is 3 days off
    await runs(3);
    t.clock.advance(DAY); // 18 April: still due soon, no second notice
    await runs(3);
    const clientName = await nameOf(firm.client.id);
    // Sessions end while the clock jumps: each signs in again.
    const [pc, mpc] = [await t.signIn(firm.pc), await t.signIn(firm.mpc)];
    expect(kindsAndTexts(await bell(pc)).slice(0, 1)).toEqual([
      ['work_due_soon', `${march.title} (${clientName}) is due on 20/04/2026.`],
    ]);
    expect(kindsAndTexts(await bell(mpc))).toEqual([
      ['work_due_soon', `Collect bank statements (${clientName}) is due on 19/04/2026.`],
    ]);

    // 21 April: March's is overdue. The filed April item never gets a notice.
    await call('PUT', `/api/work/${april.id}`, pc, { status: 'filed', ack_number: 'AA2904260000009' });
    t.clock.set(new Date('2026-04-20T19:00:00.000Z'));
    await runs(4);
    t.clock.advance(30 * DAY);
    await runs(2);
    const pcNotices = (await bell(await t.signIn(firm.pc), '?limit=100')).data;
    expect(
      pcNotices.filter((entry) => entry.work_item_id === march.id).map((entry) => [entry.kind, entry.text]),
    ).toEqual([
      ['work_overdue', `${march.title} (${clientName}) is overdue: it was due on 20/04/2026.`],
      ['work_due_soon', `${march.title} (${clientName}) is due on 20/04/2026.`],
    ]);
    expect(pcNotices.filter((entry) => entry.work_item_id === april.id)).toEqual([]);
    const mpcNotices = (await bell(await t.signIn(firm.mpc))).data;
    // The PC's filing of April's reaches the owner as such (issue 22), never as a due notice.
    expect(mpcNotices.map((entry) => entry.kind)).toEqual(['work_overdue', 'owner_work_filed', 'work_due_soon']);
    const rows = await t.context.db.selectFrom('notifications').select(['user_id', 'dedupe_key']).execute();
    const keys = rows.filter((row) => row.dedupe_key !== null).map((row) => `${row.user_id} ${row.dedupe_key}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('notices a backlog in short statements on SQLite, a chunk of items at a time, still once per item', async () => {
    await assignPc(firm.pc.id);
    // Five one-offs on two days, so chunks of two end inside a day's items and across days.
    for (const due_date of ['2026-04-10', '2026-04-10', '2026-04-10', '2026-04-11', '2026-04-11'])
      expect(
        (await addWorkItem(t, firm.mpc.token, firm.client.id, gst, { title: 'Backlog', due_date })).statusCode,
      ).toBe(201);
    t.clock.set(new Date('2026-05-01T06:00:00.000Z'));
    const overdueIds = (
      await t.context.db
        .selectFrom('work_items')
        .select('id')
        .where('is_open', '=', 1)
        .where('due_date', '<', '2026-05-01')
        .execute()
    ).map((row) => row.id);
    expect(overdueIds.length).toBeGreaterThanOrEqual(5);

    let inserts = 0;
    const counted = t.context.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'RawNode' && /^\s*insert into notifications/.test(String(args.node.sqlFragments[0])))
          inserts += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    await raiseDueNotices({ db: counted, clock: t.clock, dialect }, 2);
    // SQLite: the overdue pass alone takes a statement per two items, and one for the rest. PostgreSQL
    // runs each pass as one statement (it holds no event loop; decision 0056).
    if (dialect === 'sqlite') expect(inserts).toBeGreaterThanOrEqual(Math.ceil(overdueIds.length / 2));
    else expect(inserts).toBe(2);
    const noticed = await t.context.db
      .selectFrom('notifications')
      .select('work_item_id')
      .where('kind', '=', 'work_overdue')
      .execute();
    expect(noticed.map((row) => row.work_item_id).sort()).toEqual([...overdueIds].sort());
    expect(await raiseDueNotices(t.context)).toBe(0);
  });
});
