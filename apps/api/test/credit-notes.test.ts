import { CREDIT_NOTE_MESSAGES as M } from '@portal/contract/credit-notes';
import { INVOICE_MESSAGES, type Invoice } from '@portal/contract/invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { BILLING_PROFILE, INVOICE_LINE, INVOICE_TOTAL, makeInvoice } from './support/billing.js';
import { useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';

// The test clock starts on 1 April 2026 (India); the invoice is Rs 11,210.00 (taxable 9,500.00 at 18 %).
const CREDIT = { description: 'Fee reduced as agreed', amount_paise: 100_000, gst_rate_bp: 1800 };

/** Issue 23: credit notes (CGST Act s.34, rule 53) reduce an issued invoice, in their own series. */
describe.each(listTestDialects())('credit notes on %s', (dialect) => {
  const { t, firm } = useFirmApp('test', dialect);
  const call = bindApiCall(t);
  let token = '';
  const credit = (id: number, lines: object[] = [CREDIT]) =>
    call('POST', `/api/invoices/${id}/credit-notes`, token, { reason: 'Scope reduced', lines });
  /** The invoice paid in full by NEFT: the receipt's id. */
  const payInFull = async (id: number, reference: string) => {
    const paid = await call('POST', `/api/invoices/${id}/payments`, token, {
      receipt_date: '2026-04-01',
      amount_paise: INVOICE_TOTAL,
      mode: 'neft',
      reference,
    });
    return paid.json().data.id as number;
  };
  const setState = (state: string) =>
    t.context.db.updateTable('users').set({ state }).where('id', '=', firm.client.id).execute();

  beforeEach(async () => {
    token = firm.mpc.token;
    await call('PUT', '/api/billing/profile', token, BILLING_PROFILE);
    await setState('Maharashtra');
  });

  it('reduces an issued invoice with the same tax split, numbered CN/2026-27/0001, and lists it with the invoice', async () => {
    const id = await makeInvoice(call, token, firm.client.id);
    const answer = await credit(id);
    expect(answer.statusCode).toBe(201);
    const invoice = answer.json().data as Invoice;
    expect(invoice).toMatchObject({ status: 'issued', credited_paise: 118_000, balance_paise: 1_003_000 });
    expect(invoice.credit_notes).toEqual([
      expect.objectContaining({
        number: 'CN/2026-27/0001',
        credit_note_date: '2026-04-01',
        reason: 'Scope reduced',
        taxable_paise: 100_000,
        cgst_paise: 9_000,
        local_paise: 9_000,
        igst_paise: 0,
        total_paise: 118_000,
        lines: [{ description: CREDIT.description, sac: '998231', gst_rate_bp: 1800, taxable_paise: 100_000 }],
      }),
    ]);
    // Not an invoice of its own: the invoice list and the invoice routes do not know it.
    const listed = (await call('GET', '/api/invoices', token)).json().data.data as Invoice[];
    expect(listed.map((row) => row.id)).toEqual([id]);
    expect((await call('GET', `/api/invoices/${invoice.credit_notes[0]?.id}`, token)).statusCode).toBe(404);
    await setState('Karnataka');
    const across = (await credit(await makeInvoice(call, token, firm.client.id))).json().data as Invoice;
    expect(across.credit_notes[0]).toMatchObject({ number: 'CN/2026-27/0002', igst_paise: 18_000, cgst_paise: 0 });
  });

  it('credits at each GST rate no more than the invoice billed at it, so no more tax is reversed than was charged', async () => {
    // Rs 10,000 at 5 % and Rs 1,000 at 18 %: Rs 680.00 of tax, Rs 11,680.00 in all.
    const lines = [
      { ...INVOICE_LINE, rate_paise: 1_000_000, discount_paise: 0, gst_rate_bp: 500 },
      { ...INVOICE_LINE, rate_paise: 100_000, discount_paise: 0, gst_rate_bp: 1800 },
    ];
    const drafted = await call('POST', '/api/invoices', token, {
      client_id: firm.client.id,
      invoice_date: '2026-04-01',
      due_date: '2026-04-15',
      lines,
    });
    const id = drafted.json().data.id as number;
    expect((await call('POST', `/api/invoices/${id}/issue`, token)).statusCode).toBe(200);
    const atEighteen = await credit(id, [{ ...CREDIT, amount_paise: 900_000, gst_rate_bp: 1800 }]);
    expect([atEighteen.statusCode, atEighteen.json().errors]).toEqual([422, { lines: [M.overCreditAtRate] }]);
    expect((await credit(id, [{ ...CREDIT, amount_paise: 100_000, gst_rate_bp: 1800 }])).statusCode).toBe(201);
    expect((await credit(id, [{ ...CREDIT, amount_paise: 1, gst_rate_bp: 1800 }])).statusCode).toBe(422);
    expect((await credit(id, [{ ...CREDIT, amount_paise: 900_000, gst_rate_bp: 500 }])).statusCode).toBe(201);
  });

  it('never credits more than the taxable value, at a rate the invoice did not charge, or a draft', async () => {
    const id = await makeInvoice(call, token, firm.client.id);
    expect((await credit(id, [{ ...CREDIT, amount_paise: 850_000 }])).statusCode).toBe(201);
    // Rs 8,500.00 of the Rs 9,500.00 credited: Rs 1,000.00 and one paisa is too much (all of it at 18 %).
    const over = await credit(id, [{ ...CREDIT, amount_paise: 100_001 }]);
    expect([over.statusCode, over.json().errors]).toEqual([422, { lines: [M.overCreditAtRate] }]);
    expect((await credit(id, [{ ...CREDIT, amount_paise: 100, gst_rate_bp: 500 }])).json().errors).toEqual({
      'lines.0.gst_rate_bp': [M.rateInvalid],
    });
    const draft = await makeInvoice(call, token, firm.client.id, { draftOnly: true });
    expect((await credit(draft)).statusCode).toBe(409);
    expect((await credit(id)).statusCode).toBe(201);
    const cancelled = await call('POST', `/api/invoices/${id}/cancel`, token, { reason: 'Not needed' });
    expect([cancelled.statusCode, cancelled.json().message]).toEqual([409, INVOICE_MESSAGES.hasCreditNotes]);
    // Fully credited: nothing is left to pay.
    expect((await call('GET', `/api/invoices/${id}`, token)).json().data).toMatchObject({
      credited_paise: INVOICE_TOTAL,
      balance_paise: 0,
      status: 'paid',
    });
  });

  it('starts a new credit note series in April', async () => {
    const [before, after] = [
      await makeInvoice(call, token, firm.client.id),
      await makeInvoice(call, token, firm.client.id),
    ];
    expect((await credit(before)).json().data.credit_notes[0].number).toBe('CN/2026-27/0001');
    t.clock.advance(365 * 86_400_000);
    token = await t.signIn(firm.mpc);
    const renewed = (await credit(after)).json().data.credit_notes[0];
    expect(renewed).toMatchObject({ number: 'CN/2027-28/0001', credit_note_date: '2027-04-01' });
  });

  it('gives an over-credit on a paid invoice back to its receipt as the client’s advance', async () => {
    const id = await makeInvoice(call, token, firm.client.id);
    const receiptId = await payInFull(id, 'UTR-1');
    expect((await credit(id)).json().data).toMatchObject({
      status: 'paid',
      paid_paise: 1_003_000,
      credited_paise: 118_000,
      balance_paise: 0,
    });
    const receipt = (await call('GET', `/api/receipts/${receiptId}`, token)).json().data;
    expect(receipt).toMatchObject({ advance_paise: 118_000, allocated_paise: 1_003_000 });
    expect(receipt.allocations.map((entry: { amount_paise: number }) => entry.amount_paise)).toEqual([
      INVOICE_TOTAL,
      -118_000,
    ]);
  });

  it('keeps the invoice and its receipt in step when a credit note and the receipt’s cancel come at once', async () => {
    const id = await makeInvoice(call, token, firm.client.id);
    const receiptId = await payInFull(id, 'UTR-2');
    const [noted, cancelled] = await Promise.all([
      credit(id),
      call('POST', `/api/receipts/${receiptId}/cancel`, token, { reason: 'Bounced' }),
    ]);
    for (const answer of [noted, cancelled]) expect([200, 201, 409]).toContain(answer.statusCode);
    const invoice = (await call('GET', `/api/invoices/${id}`, token)).json().data as Invoice;
    const receipt = (await call('GET', `/api/receipts/${receiptId}`, token)).json().data;
    // What the invoice says it was paid is what its standing receipt holds of it, and the credit it shows is its notes'.
    const held = receipt.allocations.reduce(
      (sum: number, entry: { amount_paise: number }) => sum + entry.amount_paise,
      0,
    );
    expect(invoice.paid_paise).toBe(receipt.status === 'active' ? held : 0);
    expect(invoice.credited_paise).toBe(invoice.credit_notes.reduce((sum, note) => sum + note.total_paise, 0));
    expect(invoice.balance_paise).toBe(INVOICE_TOTAL - invoice.paid_paise - invoice.credited_paise);
    expect(invoice.balance_paise).toBeGreaterThanOrEqual(0);
  });
});
