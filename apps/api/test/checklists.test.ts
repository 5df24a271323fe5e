import { CHECKLIST_MAX_STEPS, type WorkChecklist } from '@portal/contract/checklists';
import { describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { readAuditEvents } from './support/audit-log.js';
import { assignFirmStaff, buildFirm, useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';
import { addWorkItem, listAllWork, tieRule } from './support/work.js';

const GSTR3B_STEPS = [
  'Sales register received',
  'Purchase register reconciled with GSTR-2B',
  'Tax computed',
  'Challan paid',
  'Return filed',
];

/** Checklists per service (issue 22, docs/decisions/0030). */
describe.each(listTestDialects())('checklists on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const call = bindApiCall(t);
  const templateOf = (serviceId: number) => `/api/checklists/services/${serviceId}`;
  const checklistOf = async (workId: number, token: string) =>
    (await call('GET', `/api/work/${workId}/checklist`, token)).json().data as WorkChecklist;
  const labelsOf = (checklist: WorkChecklist) => checklist.steps.map((step) => step.label);

  it("keeps the platform's template (admin), a firm's own (MPC) and its way back; staff read, the client never", async () => {
    const gst = firm.services[0] as number;
    const saved = await call('PUT', templateOf(gst), admin.token, { steps: GSTR3B_STEPS.map((step) => ` ${step} `) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ source: 'platform', steps: GSTR3B_STEPS, permissions: { manage: true } });

    const mpcRead = (await call('GET', templateOf(gst), firm.mpc.token)).json().data;
    expect(mpcRead).toMatchObject({ source: 'platform', steps: GSTR3B_STEPS, permissions: { manage: true } });
    const own = await call('PUT', templateOf(gst), firm.mpc.token, { steps: ['Books closed', 'Return filed'] });
    expect(own.json().data).toMatchObject({
      source: 'firm',
      steps: ['Books closed', 'Return filed'],
      platform_steps: GSTR3B_STEPS,
    });
    // The firm's staff read the one in force and change nothing; the client has no checklists at all.
    const pcRead = (await call('GET', templateOf(gst), firm.pc.token)).json().data;
    expect(pcRead).toMatchObject({
      source: 'firm',
      steps: ['Books closed', 'Return filed'],
      permissions: { manage: false },
    });
    expect((await call('PUT', templateOf(gst), firm.pc.token, { steps: ['Mine'] })).statusCode).toBe(403);
    expect((await call('DELETE', templateOf(gst), firm.executor.token)).statusCode).toBe(403);
    expect((await call('GET', templateOf(gst), firm.client.token)).statusCode).toBe(403);
    // The platform's is untouched, and another firm still reads it.
    expect((await call('GET', templateOf(gst), admin.token)).json().data.steps).toEqual(GSTR3B_STEPS);
    const other = await buildFirm(t, admin.token, firm.services);
    expect((await call('GET', templateOf(gst), other.mpc.token)).json().data).toMatchObject({
      source: 'platform',
      steps: GSTR3B_STEPS,
    });

    const back = await call('DELETE', templateOf(gst), firm.mpc.token);
    expect(back.json().data).toMatchObject({ source: 'platform', steps: GSTR3B_STEPS });

    const tooMany = Array.from({ length: CHECKLIST_MAX_STEPS + 1 }, (_, index) => `Step ${index + 1}`);
    expect((await call('PUT', templateOf(gst), admin.token, { steps: tooMany })).statusCode).toBe(422);
    const repeated = await call('PUT', templateOf(gst), admin.token, { steps: ['Tax computed', 'tax computed'] });
    expect(repeated.json().errors).toEqual({ steps: ['Each step may be written only once.'] });
    const blank = await call('PUT', templateOf(gst), admin.token, { steps: ['  '] });
    expect(blank.json().errors).toEqual({ 'steps.0': ['Write the step, or remove it.'] });
    expect((await call('PUT', templateOf(gst), admin.token, { steps: ['x'.repeat(201)] })).statusCode).toBe(422);
    expect((await call('GET', templateOf(999_999), admin.token)).statusCode).toBe(404);

    const audited = (await readAuditEvents(t, 'checklist.%')).map(({ action, actor_id }) => ({ action, actor_id }));
    expect(audited).toEqual([
      { action: 'checklist.template.update', actor_id: admin.id },
      { action: 'checklist.template.update', actor_id: firm.mpc.id },
      { action: 'checklist.template.reset', actor_id: firm.mpc.id },
    ]);
  });

  it('gives each new item, planned or made by hand, a copy of the template in force; later edits leave it', async () => {
    const gst = firm.services[0] as number;
    await assignFirmStaff(t, firm, { pc: gst });
    await call('PUT', templateOf(gst), admin.token, { steps: GSTR3B_STEPS });
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', gst);
    const planned = await listAllWork(t);
    expect(planned.length).toBeGreaterThan(1);
    for (const item of planned) expect(labelsOf(await checklistOf(item.id, firm.pc.token))).toEqual(GSTR3B_STEPS);

    // The firm's own replaces the platform's for the items it makes next; the old ones keep theirs.
    await call('PUT', templateOf(gst), firm.mpc.token, { steps: ['Books closed', 'Return filed'] });
    const made = await addWorkItem(t, firm.pc.token, firm.client.id, gst, {
      title: 'Reply to notice',
      due_date: '2026-04-30',
    });
    expect(made.statusCode).toBe(201);
    const handMade = await checklistOf(made.json().data.id, firm.pc.token);
    expect(labelsOf(handMade)).toEqual(['Books closed', 'Return filed']);
    expect(handMade).toMatchObject({ done: 0, total: 2, permissions: { tick: true } });
    await call('PUT', templateOf(gst), admin.token, { steps: ['Something else'] });
    expect(labelsOf(await checklistOf((planned[0] as { id: number }).id, firm.pc.token))).toEqual(GSTR3B_STEPS);

    // A service with no template gives its items none.
    const itr = firm.services[1] as number;
    const bare = await addWorkItem(t, firm.mpc.token, firm.client.id, itr, {
      title: 'Advance tax estimate',
      due_date: '2026-04-30',
    });
    expect((await checklistOf(bare.json().data.id, firm.mpc.token)).total).toBe(0);
  });

  it('ticks and unticks a step with who and when, audited; 403 to the client, 404 out of reach', async () => {
    const gst = firm.services[0] as number;
    await assignFirmStaff(t, firm, { pc: gst });
    await call('PUT', templateOf(gst), admin.token, { steps: GSTR3B_STEPS });
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', gst);
    const item = (await listAllWork(t))[0] as { id: number };
    const [first, second] = (await checklistOf(item.id, firm.pc.token)).steps as { id: number }[];
    const stepUrl = (stepId: number) => `/api/work/${item.id}/checklist/${stepId}`;

    const ticked = await call('PUT', stepUrl(first?.id as number), firm.pc.token, { done: true });
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json().message).toBe('Step ticked.');
    expect(ticked.json().data).toMatchObject({ done: 1, total: 5 });
    expect(ticked.json().data.steps[0]).toEqual({
      id: first?.id,
      label: 'Sales register received',
      done: true,
      done_at: t.clock.now().toISOString(),
      done_by: { id: firm.pc.id, name: expect.any(String) },
    });
    // Ticking again keeps who ticked it first.
    t.clock.advance(60_000);
    await call('PUT', stepUrl(first?.id as number), firm.mpc.token, { done: true });
    expect((await checklistOf(item.id, firm.mpc.token)).steps[0]?.done_by?.id).toBe(firm.pc.id);
    await call('PUT', stepUrl(second?.id as number), firm.mpc.token, { done: true });
    const unticked = await call('PUT', stepUrl(first?.id as number), firm.mpc.token, { done: false });
    expect(unticked.json().data.steps[0]).toMatchObject({ done: false, done_at: null, done_by: null });
    expect(unticked.json().data.done).toBe(1);

    expect((await call('PUT', stepUrl(first?.id as number), firm.pc.token, { done: 'yes' })).statusCode).toBe(422);
    expect((await call('PUT', stepUrl(999_999), firm.pc.token, { done: true })).statusCode).toBe(404);
    expect((await call('GET', `/api/work/${item.id}/checklist`, firm.client.token)).statusCode).toBe(403);
    expect((await call('PUT', stepUrl(first?.id as number), firm.client.token, { done: true })).statusCode).toBe(403);
    const other = await buildFirm(t, admin.token, firm.services);
    expect((await call('GET', `/api/work/${item.id}/checklist`, other.mpc.token)).statusCode).toBe(404);
    expect((await call('PUT', stepUrl(first?.id as number), other.mpc.token, { done: true })).statusCode).toBe(404);
    // The client's own view of the item says nothing of the checklist.
    expect(JSON.stringify((await call('GET', `/api/work/${item.id}`, firm.client.token)).json())).not.toMatch(
      /checklist|Sales register/i,
    );

    const audited = (await readAuditEvents(t, 'checklist.step.%')).map(({ action, actor_id, entity_id }) => ({
      action,
      actor_id,
      entity_id,
    }));
    expect(audited).toEqual([
      { action: 'checklist.step.tick', actor_id: firm.pc.id, entity_id: item.id },
      { action: 'checklist.step.tick', actor_id: firm.mpc.id, entity_id: item.id },
      { action: 'checklist.step.untick', actor_id: firm.mpc.id, entity_id: item.id },
    ]);
  });

  it('holds filed and completed until the checklist is done when the firm asks (422 naming the open steps)', async () => {
    const gst = firm.services[0] as number;
    await assignFirmStaff(t, firm, { pc: gst });
    await call('PUT', templateOf(gst), admin.token, { steps: GSTR3B_STEPS.slice(0, 3) });
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', gst);
    const [free, held] = (await listAllWork(t)) as { id: number }[];
    const pc = firm.pc.token;
    const filing = { status: 'filed', ack_number: 'AA0704260012345' };

    // Off (the default): filing with open steps is fine.
    expect((await call('GET', '/api/firm/settings', firm.mpc.token)).json().data).toMatchObject({
      request_reminder_days: 3,
      checklist_before_closing: false,
    });
    expect((await call('PUT', `/api/work/${free?.id}`, pc, filing)).statusCode).toBe(200);

    const on = await call('PUT', '/api/firm/settings', firm.mpc.token, { checklist_before_closing: true });
    expect(on.json().data).toMatchObject({ request_reminder_days: 3, checklist_before_closing: true });
    expect(
      (await call('PUT', '/api/firm/settings', firm.pc.token, { checklist_before_closing: false })).statusCode,
    ).toBe(403);
    const refused = await call('PUT', `/api/work/${held?.id}`, pc, filing);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      status: ['3 checklist steps are still open. Tick them before the item is filed or completed.'],
    });
    const completed = await call('PUT', `/api/work/${held?.id}`, pc, { status: 'completed' });
    expect(completed.json().errors.status).toEqual([
      '3 checklist steps are still open. Tick them before the item is filed or completed.',
    ]);
    // Other moves and edits stay free.
    expect((await call('PUT', `/api/work/${held?.id}`, pc, { status: 'in_progress' })).statusCode).toBe(200);

    const steps = (await checklistOf(held?.id as number, pc)).steps;
    for (const step of steps.slice(0, 2))
      await call('PUT', `/api/work/${held?.id}/checklist/${step.id}`, pc, { done: true });
    expect((await call('PUT', `/api/work/${held?.id}`, pc, filing)).json().errors.status).toEqual([
      '1 checklist step is still open. Tick it before the item is filed or completed.',
    ]);
    await call('PUT', `/api/work/${held?.id}/checklist/${steps[2]?.id}`, pc, { done: true });
    const filed = await call('PUT', `/api/work/${held?.id}`, pc, filing);
    expect(filed.statusCode).toBe(200);
    expect(filed.json().data.status).toBe('filed');

    // The reminder interval and the checklist setting change apart.
    await call('PUT', '/api/firm/settings', firm.mpc.token, { request_reminder_days: 5 });
    expect((await call('GET', '/api/firm/settings', firm.mpc.token)).json().data).toMatchObject({
      request_reminder_days: 5,
      checklist_before_closing: true,
    });
  });
});
