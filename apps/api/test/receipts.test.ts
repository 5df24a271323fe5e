import { INVOICE_MESSAGES, type Invoice } from '@portal/contract/invoices';
import { RECEIPT_MESSAGES as M, type Receipt } from '@portal/contract/receipts';
import { beforeEach, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { BILLING_PROFILE, INVOICE_TOTAL, makeInvoice } from './support/billing.js';
import { useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';

// The test clock starts on 1 April 2026, 14:30 in India; the invoice is Rs 11,210.00 (taxable 9,500.00).
const UPI = { receipt_date: '2026-04-01', mode: 'upi', reference: 'UTR0001' };

/** Issue 23: receipts against invoices, TDS, advances applied later, cancelling a receipt. */
describe.each(listTestDialects())('receipts on %s', (dialect) => {
  const { t, firm } = useFirmApp('test', dialect);
  const call = bindApiCall(t);
  const mpc = () => firm.mpc.token;
  const invoice = () => makeInvoice(call, mpc(), firm.client.id);
  const pay = (id: number, body: object) => call('POST', `/api/invoices/${id}/payments`, mpc(), { ...UPI, ...body });
  const read = async (id: number) => (await call('GET', `/api/invoices/${id}`, mpc())).json().data as Invoice;

  beforeEach(async () => {
    await call('PUT', '/api/billing/profile', mpc(), BILLING_PROFILE);
    await t.context.db.updateTable('users').set({ state: 'Maharashtra' }).where('id', '=', firm.client.id).execute();
  });

  it('takes a part payment, then the balance: partly paid, then paid, each receipt numbered in its own series', async () => {
    const id = await invoice();
    const first = await pay(id, { amount_paise: 500_000 });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      number: 'RCT/2026-27/0001',
      amount_paise: 500_000,
      advance_paise: 0,
      allocations: [{ invoice_id: id, amount_paise: 500_000, tds_paise: 0 }],
    });
    expect(await read(id)).toMatchObject({ status: 'partly_paid', paid_paise: 500_000, balance_paise: 621_000 });
    expect((await pay(id, { amount_paise: 621_000 })).json().data.number).toBe('RCT/2026-27/0002');
    expect(await read(id)).toMatchObject({ status: 'paid', paid_paise: INVOICE_TOTAL, balance_paise: 0 });
    const more = await pay(id, { amount_paise: 1 });
    expect([more.statusCode, more.json().errors]).toEqual([422, { amount_paise: [M.overBalance] }]);
  });

  it('settles an invoice by the money and the TDS the client deducted, warning when TDS passes 10 %', async () => {
    const id = await invoice();
    // 10 % of the taxable Rs 9,500.00 deducted: Rs 950.00; Rs 10,260.00 received.
    const paid = (await pay(id, { amount_paise: 1_026_000, tds_paise: 95_000 })).json().data as Receipt;
    expect(paid).toMatchObject({
      tds_section: 'Section 393(1), table serial 6(iii), Income-tax Act 2025',
      warnings: [],
    });
    expect(await read(id)).toMatchObject({
      status: 'paid',
      paid_paise: 1_026_000,
      tds_paise: 95_000,
      balance_paise: 0,
    });
    const other = await invoice();
    const high = (await pay(other, { amount_paise: 1_000_000, tds_paise: 95_001 })).json().data as Receipt;
    expect(high.warnings).toEqual([M.tdsAboveRate]);
    // Dated before April 2026: the 1961 Act's section, and the year 2025-26's series.
    const march = await pay(other, { receipt_date: '2026-03-31', amount_paise: 100, tds_paise: 0 });
    expect(march.json().data).toMatchObject({
      number: 'RCT/2025-26/0001',
      tds_section: 'Section 194J, Income-tax Act 1961',
    });
  });

  it('refuses a receipt dated tomorrow, a bank payment without its reference, and nothing received', async () => {
    const id = await invoice();
    const errors = async (body: object) => (await pay(id, body)).json().errors;
    expect(await errors({ amount_paise: 100, receipt_date: '2026-04-02' })).toEqual({ receipt_date: [M.dateInFuture] });
    expect(await errors({ amount_paise: 100, reference: null })).toEqual({ reference: [M.referenceRequired] });
    expect(await errors({ amount_paise: 0 })).toEqual({ amount_paise: [M.nothingReceived] });
    expect((await pay(id, { amount_paise: 100, mode: 'cash', reference: null })).statusCode).toBe(201);
    const draft = await makeInvoice(call, mpc(), firm.client.id, { draftOnly: true });
    const refused = await pay(draft, { amount_paise: 100 });
    expect([refused.statusCode, refused.json().message]).toEqual([409, M.notPayable]);
  });

  it('lets one of two receipts racing to overpay the same invoice through and refuses the other', async () => {
    const id = await invoice();
    const answers = await Promise.all([pay(id, { amount_paise: 700_000 }), pay(id, { amount_paise: 700_000 })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(await read(id)).toMatchObject({ status: 'partly_paid', paid_paise: 700_000, balance_paise: 421_000 });
  });

  it('restores the status when a receipt is cancelled, and cancels the invoice only once none is left', async () => {
    const id = await invoice();
    const first = (await pay(id, { amount_paise: 600_000 })).json().data.id as number;
    const second = (await pay(id, { amount_paise: 521_000 })).json().data.id as number;
    const refused = await call('POST', `/api/invoices/${id}/cancel`, mpc(), { reason: 'Wrong client' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, INVOICE_MESSAGES.hasReceipts]);
    const cancel = (receipt: number) =>
      call('POST', `/api/receipts/${receipt}/cancel`, mpc(), { reason: 'Cheque bounced' });
    expect((await cancel(second)).json().data).toMatchObject({ status: 'cancelled', cancel_reason: 'Cheque bounced' });
    expect(await read(id)).toMatchObject({ status: 'partly_paid', paid_paise: 600_000, balance_paise: 521_000 });
    expect((await cancel(second)).statusCode).toBe(409);
    await cancel(first);
    expect(await read(id)).toMatchObject({ status: 'issued', paid_paise: 0, balance_paise: INVOICE_TOTAL });
    expect((await call('POST', `/api/invoices/${id}/cancel`, mpc(), { reason: 'Wrong client' })).statusCode).toBe(200);
  });

  it('spreads a receipt over invoices, keeps the rest as an advance and applies it to a later invoice', async () => {
    const [one, two] = [await invoice(), await invoice()];
    const created = await call('POST', '/api/receipts', mpc(), {
      ...UPI,
      client_id: firm.client.id,
      amount_paise: 1_500_000,
      allocations: [{ invoice_id: one, amount_paise: INVOICE_TOTAL }],
    });
    const receipt = created.json().data as Receipt;
    expect([created.statusCode, receipt.advance_paise]).toEqual([201, 379_000]);
    const apply = (amount: number, invoiceId = two) =>
      call('POST', `/api/receipts/${receipt.id}/apply`, mpc(), { invoice_id: invoiceId, amount_paise: amount });
    expect((await apply(379_001)).json().errors).toEqual({ amount_paise: [M.advanceTooSmall] });
    expect((await apply(379_000)).json().data).toMatchObject({ advance_paise: 0, allocated_paise: 1_500_000 });
    expect(await read(two)).toMatchObject({ status: 'partly_paid', balance_paise: 742_000 });
    const draft = await makeInvoice(call, mpc(), firm.client.id, { draftOnly: true });
    const refused = await call('POST', '/api/receipts', mpc(), {
      ...UPI,
      client_id: firm.client.id,
      amount_paise: 100,
      allocations: [{ invoice_id: draft, amount_paise: 100 }],
    });
    expect(refused.json().errors).toEqual({ 'allocations.0.invoice_id': [M.invoiceInvalid] });
    // An advance alone (no invoice yet); the list pages newest first.
    const advance = await call('POST', '/api/receipts', mpc(), {
      ...UPI,
      client_id: firm.client.id,
      amount_paise: 100,
    });
    expect(advance.json().data).toMatchObject({ number: 'RCT/2026-27/0002', advance_paise: 100, allocations: [] });
    const page = async (query: string) =>
      (await call('GET', `/api/receipts?client_id=${firm.client.id}&limit=1${query}`, mpc())).json().data;
    const first = await page('');
    expect([first.data[0].id, first.next_before]).toEqual([advance.json().data.id, advance.json().data.id]);
    const next = await page(`&before=${first.next_before}`);
    expect([next.data[0].id, next.next_before]).toEqual([receipt.id, null]);
  });
});
