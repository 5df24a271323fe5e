import { BILLING_MESSAGES as M } from '@portal/contract/billing';
import { beforeEach, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { readAuditEvents } from './support/audit-log.js';
import { BILLING_PROFILE } from './support/billing.js';
import { useFirm, useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';

/** Issue 23: a PC or executor bills only while its firm's MPC lets it (the per-person `billing` permission). */
describe.each(listTestDialects())('the billing permission on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const other = useFirm('test', t, { admin });
  const call = bindApiCall(t);
  const grantUrl = (id: number) => `/api/users/${id}/billing-permission`;
  const setGrant = (id: number, granted: boolean, token = firm.mpc.token) =>
    call('PUT', grantUrl(id), token, { granted });

  beforeEach(async () => {
    await call('PUT', '/api/billing/profile', firm.mpc.token, BILLING_PROFILE);
    await setGrant(firm.pc.id, false);
    await setGrant(firm.executor.id, false);
  });

  it('is off until the MPC grants it; then the PC bills every client of the firm, and not once it is taken back', async () => {
    const fees = `/api/clients/${firm.client.id}/fees`;
    const draft = {
      client_id: firm.client.id,
      invoice_date: '2026-04-01',
      due_date: '2026-04-15',
      lines: [{ description: 'Tax audit', sac: '998221', quantity: 1, rate_paise: 500_000, gst_rate_bp: 1800 }],
    };
    expect((await call('GET', grantUrl(firm.pc.id), firm.mpc.token)).json().data).toEqual({ granted: false });
    // Without it, the firm's invoices are a route its role never calls, and a client it does not handle is out of sight.
    expect((await call('GET', '/api/invoices', firm.pc.token)).statusCode).toBe(403);
    expect((await call('GET', fees, firm.pc.token)).statusCode).toBe(404);

    const granted = await setGrant(firm.pc.id, true);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ message: M.grantSaved, data: { granted: true } });
    expect((await call('GET', fees, firm.pc.token)).statusCode).toBe(200);
    const created = await call('POST', '/api/invoices', firm.pc.token, draft);
    expect(created.statusCode, created.body).toBe(201);
    const listed = await call('GET', '/api/invoices', firm.pc.token);
    expect(listed.json().data.data.map((invoice: { id: number }) => invoice.id)).toContain(created.json().data.id);
    // The firm's profile, and who may bill, stay the MPC's.
    expect((await call('GET', '/api/billing/profile', firm.pc.token)).statusCode).toBe(403);
    expect((await setGrant(firm.pc.id, true, firm.pc.token)).statusCode).toBe(403);

    await setGrant(firm.pc.id, false);
    expect((await call('GET', '/api/invoices', firm.pc.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/invoices/${created.json().data.id}`, firm.pc.token)).statusCode).toBe(403);
    expect((await call('GET', fees, firm.pc.token)).statusCode).toBe(404);
  });

  it('is granted only to a PC or executor of the MPC’s own firm: another firm’s is out of sight, a client refused', async () => {
    expect((await setGrant(other.pc.id, true)).statusCode).toBe(404);
    expect((await setGrant(firm.client.id, true)).statusCode).toBe(403);
    expect((await call('GET', grantUrl(firm.executor.id), other.mpc.token)).statusCode).toBe(404);
    expect((await call('GET', grantUrl(firm.executor.id), admin.token)).statusCode).toBe(404);
    const invalid = await call('PUT', grantUrl(firm.executor.id), firm.mpc.token, { granted: 'yes' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ granted: [M.grantInvalid] });
  });

  it('shows the MPC the switch on the person’s page and records each change, not a save that changes nothing', async () => {
    const detail = await call('GET', `/api/user/detail/${firm.executor.id}`, firm.mpc.token);
    expect(detail.json().data.permissions).toMatchObject({ grant_billing: true, billing: false });
    const before = (await readAuditEvents(t, 'billing.grant')).length;
    await setGrant(firm.executor.id, true);
    await setGrant(firm.executor.id, true);
    const events = (await readAuditEvents(t, 'billing.grant')).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_id: firm.mpc.id, entity_id: firm.executor.id });
    expect(JSON.parse(events[0]?.details as string)).toEqual({ granted: true });
  });

  it('offers the invoice editor the clients the caller bills, by name, with the state and GSTIN the tax needs', async () => {
    await t.context.db
      .updateTable('users')
      .set({ state: 'Karnataka', gst_number: '29AAPFU0939F1ZV' })
      .where('id', '=', firm.client.id)
      .execute();
    const name = (await call('GET', `/api/billing/clients?id=${firm.client.id}`, firm.mpc.token)).json().data[0].name;
    const found = await call('GET', `/api/billing/clients?q=${encodeURIComponent(name.slice(0, 5))}`, firm.mpc.token);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toContainEqual({
      id: firm.client.id,
      name,
      state: 'Karnataka',
      gstin: '29AAPFU0939F1ZV',
    });
    // Another firm's client is never offered; a `%` typed matches itself, not everything.
    const otherFirm = await call('GET', `/api/billing/clients?id=${other.client.id}`, firm.mpc.token);
    expect(otherFirm.json().data).toEqual([]);
    expect((await call('GET', '/api/billing/clients?q=%25', firm.mpc.token)).json().data).toEqual([]);
    // Staff the MPC has not let bill are refused the box; once let, the executor is offered the firm's client.
    expect((await call('GET', '/api/billing/clients', firm.executor.token)).statusCode).toBe(403);
    await setGrant(firm.executor.id, true);
    const forExecutor = await call('GET', `/api/billing/clients?id=${firm.client.id}`, firm.executor.token);
    expect(forExecutor.json().data.map((client: { id: number }) => client.id)).toEqual([firm.client.id]);
  });
});
