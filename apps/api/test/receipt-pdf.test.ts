import { beforeEach, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { BILLING_PROFILE, makeInvoice } from './support/billing.js';
import { useFirm, useFirmApp } from './support/firm.js';
import { expectAllIn, extractPdfText } from './support/invoice-pdf.js';
import { listTestDialects } from './support/test-database.js';

/** Issue 23: "a receipt PDF", for the firm's billers and the client whose receipt it is. */
describe.each(listTestDialects())('receipt PDFs on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const other = useFirm('test', t, { admin });
  const call = bindApiCall(t);
  const mpc = () => firm.mpc.token;

  beforeEach(async () => {
    await call('PUT', '/api/billing/profile', mpc(), BILLING_PROFILE);
    await t.context.db.updateTable('users').set({ state: 'Maharashtra' }).where('id', '=', firm.client.id).execute();
  });

  it('prints who paid, how much in figures and words, the mode, the TDS and its section, what it settled and the advance', async () => {
    const id = await makeInvoice(call, mpc(), firm.client.id);
    const number = (await call('GET', `/api/invoices/${id}`, mpc())).json().data.number as string;
    // Rs 11,210.00 settled by 10,500.00 received and 950.00 TDS, the 240.00 over it an advance.
    const recorded = await call('POST', '/api/receipts', mpc(), {
      client_id: firm.client.id,
      receipt_date: '2026-04-01',
      amount_paise: 1_050_000,
      tds_paise: 95_000,
      mode: 'neft',
      reference: 'UTR998877',
      allocations: [{ invoice_id: id, amount_paise: 1_121_000 }],
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const receiptId = recorded.json().data.id as number;
    const answer = await call('GET', `/api/receipts/${receiptId}/pdf`, mpc());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-disposition': `attachment; filename="RCT-2026-27-0001.pdf"; filename*=UTF-8''RCT-2026-27-0001.pdf`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    const text = await extractPdfText(answer.rawPayload);
    expectAllIn(text, [
      'Shah & Co, Chartered Accountants',
      'GSTIN: 27AAPFU0939F1ZV',
      'Receipt No.: RCT/2026-27/0001',
      'Date: 01/04/2026',
      'Amount received: ₹10,500.00',
      'Rupees Ten Thousand Five Hundred Only',
      'Paid by: NEFT, UTR998877',
      'TDS deducted by the client: ₹950.00 (Section 393(1), table serial 6(iii), Income-tax Act 2025)',
      `Invoice ${number}: ₹11,210.00`,
      'Advance held for later invoices: ₹240.00',
      'Authorised signatory',
    ]);
  });

  it('is the client’s to read for its own receipt; staff who do not bill get 403, another firm 404', async () => {
    const id = await makeInvoice(call, mpc(), firm.client.id);
    const paid = await call('POST', `/api/invoices/${id}/payments`, mpc(), {
      receipt_date: '2026-04-01',
      amount_paise: 100_000,
      mode: 'cash',
    });
    const receiptId = paid.json().data.id as number;
    const url = `/api/receipts/${receiptId}/pdf`;
    expect((await call('GET', url, firm.client.token)).statusCode).toBe(200);
    expect((await call('GET', url, firm.pc.token)).statusCode).toBe(403);
    expect((await call('GET', url, other.mpc.token)).statusCode).toBe(404);
    expect((await call('GET', url, other.client.token)).statusCode).toBe(404);
    await call('POST', `/api/receipts/${receiptId}/cancel`, mpc(), { reason: 'Cheque returned' });
    const cancelled = await extractPdfText((await call('GET', url, mpc())).rawPayload);
    expectAllIn(cancelled, ['Cancelled: Cheque returned', 'CANCELLED']);
  });
});
