import type { ServiceAssignment } from '@portal/contract/assignments';
import type { WorkSummary } from '@portal/contract/work';
import { describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { assignFirmStaff, buildFirm, handServiceToFirm, useFirm, useFirmApp } from './support/firm.js';
import { mustAskForDocuments } from './support/requests.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork, tieRule } from './support/work.js';

/** Issue 22: a client service handed to another firm's MPC takes its open work with it. */
describe.each(listTestDialects())('a client service handed to another firm on %s', (dialect) => {
  const { t, admin, firm: firmA } = useFirmApp('test', dialect);
  const firmB = useFirm('test', t, { admin, sharing: firmA });
  const call = bindApiCall(t);

  it('moves the open work and its requests to the receiving MPC; the first firm’s PC and executor leave it', async () => {
    const gst = firmA.services[0] as number;
    const client = firmA.client.id;
    await assignFirmStaff(t, firmA, { pc: gst, executor: gst });
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', gst);
    const [first, second, third] = (await listAllWork(t)).filter(
      (item) => item.client_id === firmA.client.id && item.service_id === gst,
    );
    if (!first || !second || !third) throw new Error('expected three planned items');
    const pc = firmA.pc.token;
    const mpcA = firmA.mpc.token;
    // History that stays: one item filed by the PC; open work: one with the executor, one with a request.
    const filed = await call('PUT', `/api/work/${first.id}`, pc, { status: 'filed', ack_number: 'AA0704260012345' });
    expect(filed.statusCode).toBe(200);
    await call('PUT', `/api/work/${second.id}`, mpcA, { assignee_id: firmA.executor.id });
    const request = await mustAskForDocuments(t, pc, third.id);

    await handServiceToFirm(t, firmA, gst, firmB);

    // The first firm's PC and executor left the assignment, each departure in the activity log.
    const rows: ServiceAssignment[] = (await call('GET', `/api/service/assignService/${client}`, mpcA)).json().data;
    expect(rows.find((row) => row.service_id === gst)).toMatchObject({
      pc_id: null,
      executor_id: null,
      mpc_username: firmB.mpc.username,
    });
    const events = await t.context.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('entity_id', '=', client)
      .where('action', 'in', ['assignment.pc', 'assignment.executor'])
      .orderBy('id')
      .execute();
    expect(events.slice(-2).map((event) => [event.action, JSON.parse(String(event.details)).assignee_id])).toEqual([
      ['assignment.pc', null],
      ['assignment.executor', null],
    ]);

    // Open work went to the receiving MPC, each move in its history; the filed item keeps its PC.
    const after = new Map((await listAllWork(t)).map((item) => [item.id, item]));
    expect(after.get(first.id)?.assignee_id).toBe(firmA.pc.id);
    const open = [...after.values()].filter(
      (item) => item.client_id === client && item.service_id === gst && item.is_open === 1,
    );
    expect(open.length).toBeGreaterThan(1);
    expect(new Set(open.map((item) => item.assignee_id))).toEqual(new Set([firmB.mpc.id]));
    const moved = (await call('GET', `/api/work/${second.id}`, firmB.mpc.token)).json().data;
    expect(moved.history.at(-1)).toMatchObject({ field: 'assignee', actor: { id: firmA.mpc.id } });

    // The old PC and executor no longer reach the open work or its request; the filed item stays readable.
    expect((await call('GET', `/api/work/${third.id}`, pc)).statusCode).toBe(404);
    expect((await call('PUT', `/api/work/${third.id}`, pc, { status: 'in_progress' })).statusCode).toBe(404);
    expect((await call('GET', `/api/requests/${request.id}`, pc)).statusCode).toBe(404);
    expect((await call('GET', `/api/work/${second.id}`, firmA.executor.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/work/${first.id}`, pc)).statusCode).toBe(200);

    // The receiving MPC sees the request, counts the work as its own and may hand an item on or take it back.
    const mpcB = firmB.mpc.token;
    expect((await call('GET', `/api/requests/${request.id}`, mpcB)).statusCode).toBe(200);
    const summary: WorkSummary = (await call('GET', '/api/work/summary', mpcB)).json().data;
    // (Its own firm's client has unassigned work of its own: the null entry.)
    const byAssignee = summary.by_assignee.map((entry) => [entry.assignee?.id ?? null, entry.open]);
    expect(byAssignee).toEqual(expect.arrayContaining([[firmB.mpc.id, open.length]]));
    expect(byAssignee.map(([id]) => id).sort()).toEqual([firmB.mpc.id, null].sort());
    expect((await call('PUT', `/api/work/${third.id}`, mpcB, { assignee_id: null })).statusCode).toBe(200);
    expect((await call('PUT', `/api/work/${third.id}`, mpcB, { assignee_id: firmB.mpc.id })).statusCode).toBe(200);
    // It may hand it to its own people (docs/decisions/0047), never to the first firm's: the form offers
    // exactly its firm's list, which the bulk bar offers too.
    const offered = (await call('GET', `/api/work/${third.id}/assignees`, mpcB)).json().data as { id: number }[];
    const own = (await call('GET', '/api/work/assignees', mpcB)).json().data as { id: number }[];
    expect(offered.map((person) => person.id).sort()).toEqual(
      [firmB.mpc.id, firmB.pc.id, firmB.executor.id].sort((a, b) => a - b),
    );
    expect(offered).toEqual(own);
    expect((await call('PUT', `/api/work/${third.id}`, mpcB, { assignee_id: firmA.pc.id })).statusCode).toBe(422);
    expect((await call('PUT', `/api/work/${third.id}`, mpcB, { assignee_id: firmA.executor.id })).statusCode).toBe(422);
    expect((await call('PUT', `/api/work/${third.id}`, mpcB, { assignee_id: firmB.pc.id })).statusCode).toBe(200);
    expect((await call('GET', `/api/work/${third.id}/assignees`, pc)).statusCode).toBe(404);
    const filedOffered = await call('GET', `/api/work/${first.id}/assignees`, mpcA);
    expect(filedOffered.json().data.map((person: { id: number }) => person.id)).toContain(firmA.pc.id);
  });

  it('lets the receiving MPC hand work to its own PC, which then reaches that service only, until it loses the work', async () => {
    const [gst, itr] = firmA.services as [number, number];
    const client = firmA.client.id;
    await assignFirmStaff(t, firmA, { pc: gst });
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', gst);
    await tieRule(t, admin.token, 'ADVANCE_TAX', itr);
    const work = await listAllWork(t);
    const ofGst = work.filter((item) => item.client_id === client && item.service_id === gst);
    const ofItr = work.find((item) => item.client_id === client && item.service_id === itr);
    const [handed, kept] = ofGst;
    if (!handed || !kept || !ofItr) throw new Error('expected GST and ITR work');
    const request = await mustAskForDocuments(t, firmA.pc.token, handed.id);
    await handServiceToFirm(t, firmA, gst, firmB);
    const [mpcB, pcB, pcA] = [firmB.mpc.token, firmB.pc.token, firmA.pc.token];
    const files = `/api/serviceFiles/${client}/${gst}`;

    // Before any work is handed to it, firm B's PC reaches nothing of the client.
    expect((await call('GET', `/api/work/${handed.id}`, pcB)).statusCode).toBe(404);
    expect((await call('GET', files, pcB)).statusCode).toBe(404);
    const hand = await call('PUT', `/api/work/${handed.id}`, mpcB, { assignee_id: firmB.pc.id });
    expect(hand.statusCode).toBe(200);
    expect(hand.json().data.assignee).toMatchObject({ id: firmB.pc.id });

    // The PC opens the item (and may change it and open its files), its request, the service's files.
    const opened = await call('GET', `/api/work/${handed.id}`, pcB);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.permissions).toMatchObject({ edit: true, files: true });
    expect((await call('PUT', `/api/work/${handed.id}`, pcB, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await call('GET', `/api/requests/${request.id}`, pcB)).statusCode).toBe(200);
    const level = await call('GET', files, pcB);
    expect(level.statusCode).toBe(200);
    expect(level.json().data.permissions).toMatchObject({ upload: true });
    const folder = await call('POST', '/api/folder/create', pcB, {
      folder_name: 'Working papers',
      client_id: client,
      service_id: gst,
    });
    expect(folder.statusCode).toBe(201);
    // In its lists (work, calendar, requests) and among the services handed to its firm, as the service only.
    const listed = (await call('GET', '/api/work?limit=100', pcB)).json().data.data as { id: number }[];
    expect(listed.map((item) => item.id)).toEqual([handed.id]);
    const requests = (await call('GET', '/api/requests', pcB)).json().data.data as { id: number }[];
    expect(requests.map((entry) => entry.id)).toEqual([request.id]);
    const due = handed.due_date;
    const calendar = await call('GET', `/api/compliance/calendar?from=${due}&to=${due}`, pcB);
    const days = calendar.json().data.days as { total: number }[];
    expect(days.reduce((sum, day) => sum + day.total, 0)).toBe(1);
    const shared = (await call('GET', '/api/file/shared', pcB)).json().data as { service_id: number }[];
    expect(shared).toEqual([expect.objectContaining({ client_id: client, service_id: gst })]);
    const services = (await call('GET', `/api/service/client/${client}`, pcB)).json().data;
    expect(services).toEqual([{ service_id: gst, service_name: expect.any(String) }]);

    // Nothing else of the client: the service's other items, its other service, its record.
    expect((await call('GET', `/api/work/${kept.id}`, pcB)).statusCode).toBe(404);
    expect((await call('GET', `/api/work/${ofItr.id}`, pcB)).statusCode).toBe(404);
    expect((await call('GET', `/api/serviceFiles/${client}/${itr}`, pcB)).statusCode).toBe(404);
    expect((await call('GET', `/api/user/detail/${client}`, pcB)).statusCode).toBe(404);
    expect((await call('GET', `/api/clients/${client}/dsc`, pcB)).statusCode).toBe(404);
    // The first firm's PC keeps nothing of it.
    expect((await call('GET', `/api/work/${handed.id}`, pcA)).statusCode).toBe(404);
    expect((await call('GET', `/api/requests/${request.id}`, pcA)).statusCode).toBe(404);
    expect((await call('GET', files, pcA)).statusCode).toBe(404);

    // Unassigned: the PC loses the item, its request and the files.
    expect((await call('PUT', `/api/work/${handed.id}`, mpcB, { assignee_id: null })).statusCode).toBe(200);
    expect((await call('GET', `/api/work/${handed.id}`, pcB)).statusCode).toBe(404);
    expect((await call('GET', `/api/requests/${request.id}`, pcB)).statusCode).toBe(404);
    expect((await call('GET', files, pcB)).statusCode).toBe(404);
    expect((await call('GET', '/api/file/shared', pcB)).json().data).toEqual([]);

    // The delegation ends (the client back in PC/Executor mode): the work comes home, unassigned (the
    // service has no PC of firm A any more), and firm B's PC reaches nothing.
    expect((await call('PUT', `/api/work/${handed.id}`, mpcB, { assignee_id: firmB.pc.id })).statusCode).toBe(200);
    expect((await call('GET', `/api/work/${handed.id}`, pcB)).statusCode).toBe(200);
    const back = { client_id: client, assign_service_type: true };
    expect((await call('PUT', '/api/service/updateAssignType', firmA.mpc.token, back)).statusCode).toBe(200);
    const home = await call('GET', `/api/work/${handed.id}`, firmA.mpc.token);
    expect(home.json().data.assignee).toBeNull();
    const unassigned = await call('GET', `/api/work?client_id=${client}&assignee_id=none&limit=100`, firmA.mpc.token);
    expect(unassigned.json().data.data.map((item: { id: number }) => item.id)).toContain(handed.id);
    expect((await call('GET', `/api/work/${handed.id}`, pcB)).statusCode).toBe(404);
    expect((await call('GET', `/api/requests/${request.id}`, pcB)).statusCode).toBe(404);
    expect((await call('GET', files, pcB)).statusCode).toBe(404);
    expect((await call('GET', '/api/work?limit=100', pcB)).json().data.data).toEqual([]);

    // Handed to a third firm instead: the open work goes to that firm's MPC, firm B's PC reaches none of it.
    const firmC = await buildFirm(t, admin.token, firmA.services);
    await handServiceToFirm(t, firmA, gst, firmC);
    expect((await call('GET', `/api/work/${handed.id}`, firmC.mpc.token)).json().data.assignee).toMatchObject({
      id: firmC.mpc.id,
    });
    expect((await call('GET', `/api/work/${handed.id}`, pcB)).statusCode).toBe(404);
    expect((await call('GET', files, pcB)).statusCode).toBe(404);
    expect((await call('GET', files, mpcB)).statusCode).toBe(404);
  });

  it('answers the receiving MPC the services handed to it, the way back to them from its shared page', async () => {
    const [gst, itr] = firmA.services as [number, number];
    const client = firmA.client.id;
    const mpcB = firmB.mpc.token;
    // Before anything is handed over the client is none of firm B's business.
    expect((await call('GET', `/api/service/client/${client}`, mpcB)).statusCode).toBe(404);
    await handServiceToFirm(t, firmA, itr, firmB);
    const listed = await call('GET', `/api/service/client/${client}`, mpcB);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([{ service_id: itr, service_name: expect.any(String) }]);
    expect(listed.json().data.map((entry: { service_id: number }) => entry.service_id)).not.toContain(gst);
    // Still nothing of the client's record, and nothing for firm B's PC.
    expect((await call('GET', `/api/user/detail/${client}`, mpcB)).statusCode).toBe(404);
    expect((await call('GET', `/api/service/client/${client}`, firmB.pc.token)).statusCode).toBe(404);
  });
});
