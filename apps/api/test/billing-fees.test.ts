import type { ClientServiceFee } from '@portal/contract/billing';
import { describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { readAuditEvents } from './support/audit-log.js';
import { assignFirmStaff, useFirm, useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';

/** Issue 23: what a firm charges for each client service, in integer paise, its MPC's to set. */
describe.each(listTestDialects())('a client’s fees on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const other = useFirm('test', t, { admin });
  const call = bindApiCall(t);
  const url = () => `/api/clients/${firm.client.id}/fees`;
  const feesOf = async (token: string) => (await call('GET', url(), token)).json().data as ClientServiceFee[];

  it('lists the client’s services with their fees, sets, changes and removes them, each save in the activity log', async () => {
    const [gst, itr] = firm.services as [number, number];
    const mpc = firm.mpc.token;
    // The admin gives the catalogue's GST service its SAC code: the fees list names it.
    const catalogue = (await call('GET', '/api/service/allServices', admin.token)).json().data;
    const name = catalogue.find((row: { service_id: number }) => row.service_id === gst).service_name;
    await call('POST', '/api/service/create', admin.token, { service_id: gst, service_name: name, sac_code: '998231' });
    expect((await feesOf(mpc)).find((row) => row.service_id === gst)?.sac_code).toBe('998231');
    expect((await feesOf(mpc)).map((row) => [row.service_id, row.fee])).toEqual(
      expect.arrayContaining([
        [gst, null],
        [itr, null],
      ]),
    );

    const saved = await call('PUT', url(), mpc, {
      fees: [
        { service_id: gst, amount_paise: 250_000, basis: 'monthly', gst_rate_bp: 1800 },
        { service_id: itr, amount_paise: 150_050, basis: 'per_item', gst_rate_bp: 1800 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const byService = new Map((saved.json().data as ClientServiceFee[]).map((row) => [row.service_id, row.fee]));
    expect(byService.get(gst)).toEqual({ amount_paise: 250_000, basis: 'monthly', gst_rate_bp: 1800 });
    expect(byService.get(itr)).toEqual({ amount_paise: 150_050, basis: 'per_item', gst_rate_bp: 1800 });

    // A service sent without an amount has no fee any more; the other's new amount replaces the old.
    await call('PUT', url(), mpc, {
      fees: [
        { service_id: gst, amount_paise: 300_000, basis: 'yearly', gst_rate_bp: 500 },
        { service_id: itr, amount_paise: null, basis: 'per_item', gst_rate_bp: 1800 },
      ],
    });
    const after = new Map((await feesOf(mpc)).map((row) => [row.service_id, row.fee]));
    expect(after.get(gst)).toEqual({ amount_paise: 300_000, basis: 'yearly', gst_rate_bp: 500 });
    expect(after.get(itr)).toBeNull();
    const stored = await t.context.db.selectFrom('client_service_fees').selectAll().execute();
    expect(stored.map((row) => [row.client_id, row.service_id, row.amount_paise, row.firm_id])).toEqual([
      [firm.client.id, gst, 300_000, firm.mpc.id],
    ]);

    const logged = await readAuditEvents(t, 'billing.fees');
    expect(logged.map((row) => [row.entity_id, JSON.parse(String(row.details)).services])).toEqual([
      [firm.client.id, [gst, itr]],
      [firm.client.id, [gst]],
    ]);
  });

  it('refuses an amount that is not whole paise, a rate or basis it does not know, a service the client lacks, and writes nothing', async () => {
    const [gst] = firm.services as [number];
    const mpc = firm.mpc.token;
    const fee = { service_id: gst, amount_paise: 100_000, basis: 'one_off', gst_rate_bp: 1800 };
    await call('PUT', url(), mpc, { fees: [fee] });
    const refused = async (fees: object[]) => {
      const answer = await call('PUT', url(), mpc, { fees });
      expect(answer.statusCode).toBe(422);
      return answer.json().errors;
    };
    const amount = 'Enter an amount in rupees, up to two decimals, at most Rs 1,00,00,000.';
    expect(await refused([{ ...fee, amount_paise: 1500.5 }])).toEqual({ 'fees.0.amount_paise': [amount] });
    expect(await refused([{ ...fee, amount_paise: '150000' }])).toEqual({ 'fees.0.amount_paise': [amount] });
    expect(await refused([{ ...fee, amount_paise: 0 }])).toEqual({ 'fees.0.amount_paise': [amount] });
    expect(await refused([{ ...fee, amount_paise: 1_00_00_000_01 }])).toEqual({ 'fees.0.amount_paise': [amount] });
    expect(await refused([{ ...fee, gst_rate_bp: 1200 }])).toEqual({
      'fees.0.gst_rate_bp': ['Choose a GST rate of 0, 5, 18 or 40 %.'],
    });
    expect(await refused([{ ...fee, basis: 'weekly' }])).toEqual({
      'fees.0.basis': ['Choose per work item, a monthly, quarterly or yearly retainer, or one-off.'],
    });
    expect(await refused([fee, { ...fee, amount_paise: 5 }])).toEqual({ fees: ['Each service may have one fee.'] });
    const lacked = other.services[0] as number;
    expect(
      await refused([
        { ...fee, amount_paise: 7 },
        { ...fee, service_id: lacked },
      ]),
    ).toEqual({
      'fees.1.service_id': ['The client does not take this service.'],
    });
    expect((await feesOf(mpc)).find((row) => row.service_id === gst)?.fee).toEqual({
      amount_paise: 100_000,
      basis: 'one_off',
      gst_rate_bp: 1800,
    });
  });

  it('is the firm’s MPC’s: staff and the client who see the client get 403, anyone else 404', async () => {
    const [gst] = firm.services as [number];
    await assignFirmStaff(t, firm, { pc: gst });
    for (const token of [firm.pc.token, firm.client.token]) {
      expect((await call('GET', url(), token)).statusCode).toBe(403);
      expect((await call('PUT', url(), token, { fees: [] })).statusCode).toBe(403);
    }
    for (const token of [other.mpc.token, admin.token]) {
      expect((await call('GET', url(), token)).statusCode).toBe(404);
      expect((await call('PUT', url(), token, { fees: [] })).statusCode).toBe(404);
    }
    expect((await call('GET', '/api/clients/999999/fees', firm.mpc.token)).statusCode).toBe(404);
    // Its own PC is a person it sees, not a client it bills.
    expect((await call('GET', `/api/clients/${firm.pc.id}/fees`, firm.mpc.token)).statusCode).toBe(403);
  });
});
