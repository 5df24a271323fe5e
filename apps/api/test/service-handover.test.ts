import type { ServiceAssignment } from '@portal/contract/assignments';
import type { WorkSummary } from '@portal/contract/work';
import { describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { assignFirmStaff, handServiceToFirm, useFirm, useFirmApp } from './support/firm.js';
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
    // Its own staff are not offered for the first firm's item (the form lists only the MPC), and are refused.
    const offered = (await call('GET', `/api/work/${third.id}/assignees`, mpcB)).json().data as { id: number }[];
    expect(offered.map((person) => person.id)).toEqual([firmB.mpc.id]);
    const own = (await call('GET', '/api/work/assignees', mpcB)).json().data as { id: number }[];
    expect(own.map((person) => person.id)).toContain(firmB.pc.id);
    expect((await call('PUT', `/api/work/${third.id}`, mpcB, { assignee_id: firmB.pc.id })).statusCode).toBe(422);
    expect((await call('GET', `/api/work/${third.id}/assignees`, pc)).statusCode).toBe(404);
    const filedOffered = await call('GET', `/api/work/${first.id}/assignees`, mpcA);
    expect(filedOffered.json().data.map((person: { id: number }) => person.id)).toContain(firmA.pc.id);
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
