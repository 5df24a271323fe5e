import type { Ageing, Ledger } from '@portal/contract/ledger';
import { beforeEach, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { BILLING_PROFILE, INVOICE_TOTAL, makeInvoice } from './support/billing.js';
import { useFirm, useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';

// The test clock starts on 1 April 2026, 14:30 in India; each invoice is Rs 11,210.00, due 15 April 2026.
const NEFT = { receipt_date: '2026-04-01', mode: 'neft', reference: 'UTR-9' };

/** Issue 23: a client's ledger with its running balance, the firm's ageing, and who reads them. */
describe.each(listTestDialects())('ledger and ageing on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const other = useFirm('test', t, { admin });
  const call = bindApiCall(t);
  let token = '';
  const ledgerOf = async (clientId: number, as: string, query = '') =>
    call('GET', `/api/clients/${clientId}/ledger${query}`, as);

  beforeEach(async () => {
    token = firm.mpc.token;
    await call('PUT', '/api/billing/profile', token, BILLING_PROFILE);
    await t.context.db.updateTable('users').set({ state: 'Maharashtra' }).where('id', '=', firm.client.id).execute();
  });

  it('lists the invoice, its credit note, the money and the TDS in order with a running balance, a page at a time', async () => {
    const id = await makeInvoice(call, token, firm.client.id);
    await makeInvoice(call, token, firm.client.id, { draftOnly: true });
    await call('POST', `/api/invoices/${id}/credit-notes`, token, {
      reason: 'Scope reduced',
      lines: [{ description: 'Fee reduced', amount_paise: 100_000, gst_rate_bp: 1800 }],
    });
    await call('POST', `/api/invoices/${id}/payments`, token, { ...NEFT, amount_paise: 500_000, tds_paise: 50_000 });
    // An advance of Rs 1,000.00: the client owes Rs 4,530.00 on the invoice less the advance.
    await call('POST', '/api/receipts', token, { ...NEFT, client_id: firm.client.id, amount_paise: 100_000 });
    const first = (await ledgerOf(firm.client.id, token, '?limit=3')).json().data as Ledger;
    expect(first).toMatchObject({ balance_paise: 353_000, advance_paise: 100_000 });
    expect(first.data.map((entry) => [entry.kind, entry.debit_paise, entry.credit_paise, entry.balance_paise])).toEqual(
      [
        ['invoice', INVOICE_TOTAL, 0, INVOICE_TOTAL],
        ['credit_note', 0, 118_000, 1_003_000],
        ['receipt', 0, 500_000, 503_000],
      ],
    );
    const rest = (await ledgerOf(firm.client.id, token, `?limit=3&after=${first.next_after}`)).json().data as Ledger;
    expect(rest.data.map((entry) => [entry.kind, entry.credit_paise, entry.balance_paise])).toEqual([
      ['tds', 50_000, 453_000],
      ['receipt', 100_000, 353_000],
    ]);
    expect(rest.next_after).toBeNull();
  });

  it('ages what is owed by days past the due date, moving bucket on days 31, 61 and 91', async () => {
    const id = await makeInvoice(call, token, firm.client.id);
    await call('POST', `/api/invoices/${id}/payments`, token, { ...NEFT, amount_paise: 121_000 });
    const owed = 1_000_000;
    const bucketOn = async (isoDate: string) => {
      t.clock.set(new Date(`${isoDate}T09:00:00Z`));
      token = await t.signIn(firm.mpc);
      const ageing = (await call('GET', '/api/billing/ageing', token)).json().data as Ageing;
      expect(ageing.as_of).toBe(isoDate);
      expect(ageing.totals.total).toBe(owed);
      expect(ageing.clients.map((row) => [row.client_id, row.total])).toEqual([[firm.client.id, owed]]);
      const row = ageing.clients[0] as Ageing['clients'][number];
      return Object.entries(row).find(([key, value]) => key !== 'total' && key !== 'client_id' && value === owed)?.[0];
    };
    expect(await bucketOn('2026-04-14')).toBe('not_due');
    expect(await bucketOn('2026-04-15')).toBe('days_0_30');
    expect(await bucketOn('2026-05-15')).toBe('days_0_30');
    expect(await bucketOn('2026-05-16')).toBe('days_31_60');
    expect(await bucketOn('2026-06-14')).toBe('days_31_60');
    expect(await bucketOn('2026-06-15')).toBe('days_61_90');
    expect(await bucketOn('2026-07-14')).toBe('days_61_90');
    expect(await bucketOn('2026-07-15')).toBe('over_90');
    // Clients page by id; the firm's totals come with every page.
    const after = (await call('GET', `/api/billing/ageing?after=${firm.client.id}`, token)).json().data as Ageing;
    expect([after.clients, after.next_after, after.totals.over_90]).toEqual([[], null, owed]);
  });

  it('lets the client read its own issued invoices, receipts and ledger, never a draft or another’s', async () => {
    const issued = await makeInvoice(call, token, firm.client.id);
    const draft = await makeInvoice(call, token, firm.client.id, { draftOnly: true });
    const paid = await call('POST', `/api/invoices/${issued}/payments`, token, { ...NEFT, amount_paise: 21_000 });
    const me = firm.client;
    const own = await call('GET', `/api/invoices/${issued}`, me.token);
    expect([own.statusCode, own.json().data.balance_paise]).toEqual([200, 1_100_000]);
    expect((await call('GET', `/api/invoices/${draft}`, me.token)).statusCode).toBe(404);
    const listed = (await call('GET', '/api/invoices', me.token)).json().data.data;
    expect(listed.map((row: { id: number }) => row.id)).toEqual([issued]);
    expect((await call('GET', `/api/receipts/${paid.json().data.id}`, me.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/receipts', me.token)).json().data.data).toHaveLength(1);
    expect((await ledgerOf(me.id, me.token)).json().data.balance_paise).toBe(1_100_000);
    // Not another person's, and nothing the firm's billers do.
    expect((await ledgerOf(other.client.id, me.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/billing/ageing', me.token)).statusCode).toBe(403);
    const write = await call('POST', `/api/invoices/${issued}/payments`, me.token, { ...NEFT, amount_paise: 1 });
    expect(write.statusCode).toBe(403);
  });

  it('refuses staff who see the client but do not bill (403), and hides it from another firm (404)', async () => {
    const issued = await makeInvoice(call, token, firm.client.id);
    const receipt = (await call('POST', `/api/invoices/${issued}/payments`, token, { ...NEFT, amount_paise: 1 })).json()
      .data.id as number;
    // The PC handles the client's GST: it sees the client, but billing is the MPC's.
    const assignment = { client_id: firm.client.id, service_id: firm.services[0], pc_id: firm.pc.id };
    await call('POST', '/api/service/assignPC', token, assignment);
    expect((await ledgerOf(firm.client.id, firm.pc.token)).statusCode).toBe(403);
    expect((await ledgerOf(firm.client.id, firm.executor.token)).statusCode).toBe(404);
    for (const staff of [firm.pc.token, firm.executor.token]) {
      expect((await call('GET', '/api/receipts', staff)).statusCode).toBe(403);
      expect((await call('GET', `/api/receipts/${receipt}`, staff)).statusCode).toBe(403);
      expect((await call('GET', '/api/billing/ageing', staff)).statusCode).toBe(403);
    }
    const stranger = other.mpc.token;
    expect((await ledgerOf(firm.client.id, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/receipts/${receipt}`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/api/receipts/${receipt}/cancel`, stranger, { reason: 'x' })).statusCode).toBe(404);
    const foreign = await call('POST', `/api/invoices/${issued}/payments`, stranger, { ...NEFT, amount_paise: 1 });
    expect(foreign.statusCode).toBe(404);
    expect((await call('GET', '/api/billing/ageing', stranger)).json().data.clients).toEqual([]);
    expect((await ledgerOf(firm.client.id, admin.token)).statusCode).toBe(404);
  });
});
