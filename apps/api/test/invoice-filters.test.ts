import type { Invoice } from '@portal/contract/invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { BILLING_PROFILE } from './support/billing.js';
import { readCsvAnswer } from './support/csv.js';
import { useFirm, useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';

// The test clock starts on 1 April 2026, 14:30 in India.
const LINE = { description: 'Audit fee', sac: '998221', quantity: 1, rate_paise: 100_000, gst_rate_bp: 1800 };
const DAY_MS = 86_400_000;

/** Issue 23: the invoice list by invoice date, overdue and typed text, and its CSV export. */
describe.each(listTestDialects())('invoice filters and export on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const other = useFirm('test', t, { admin });
  const call = bindApiCall(t);
  let token = '';
  const draft = async (invoiceDate: string, dueDate: string) =>
    (
      await call('POST', '/api/invoices', token, {
        client_id: firm.client.id,
        invoice_date: invoiceDate,
        due_date: dueDate,
        lines: [LINE],
      })
    ).json().data as Invoice;
  const list = async (query: string) =>
    ((await call('GET', `/api/invoices${query}`, token)).json().data.data as Invoice[]).map((invoice) => invoice.id);

  beforeEach(async () => {
    token = firm.mpc.token;
    await call('PUT', '/api/billing/profile', token, BILLING_PROFILE);
    // A client whose name a spreadsheet would run as a formula.
    await t.context.db
      .updateTable('users')
      .set({ state: 'Maharashtra', first_name: '=HYPERLINK("x")', last_name: 'Traders' })
      .where('id', '=', firm.client.id)
      .execute();
  });

  it('narrows the list by invoice date, by overdue, by number or client name, keeping the keyset', async () => {
    const march = await draft('2026-03-20', '2026-03-31');
    const april = await draft('2026-04-01', '2026-04-10');
    const issued = (await call('POST', `/api/invoices/${april.id}/issue`, token)).json().data as Invoice;
    expect(await list('?from=2026-04-01&to=2026-04-30')).toEqual([april.id]);
    expect(await list('?to=2026-03-31')).toEqual([march.id]);
    expect(await list('?overdue=true')).toEqual([]);
    expect(await list(`?q=${encodeURIComponent(issued.number as string)}`)).toEqual([april.id]);
    expect(await list('?q=traders')).toEqual([april.id, march.id]);
    expect(await list('?q=100%25')).toEqual([]);
    expect(await list(`?q=traders&limit=1&before=${april.id}`)).toEqual([march.id]);

    // Twenty days on, the issued one is past its due date; the draft is never overdue.
    t.clock.advance(20 * DAY_MS);
    token = await t.signIn(firm.mpc);
    expect(await list('?overdue=true')).toEqual([april.id]);
    expect((await call('GET', '/api/invoices?from=2026-13-01', token)).statusCode).toBe(422);
  });

  it('exports the filtered invoices as CSV, amounts in rupees, names that look like formulas made text', async () => {
    const april = await draft('2026-04-01', '2026-04-10');
    await call('POST', `/api/invoices/${april.id}/issue`, token);
    await draft('2026-03-20', '2026-03-31');
    const answer = await call('GET', '/api/invoices/export.csv?from=2026-04-01', token);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="invoices-2026-04-01\.csv"/);
    const { header, rows } = readCsvAnswer(answer.body);
    expect(header.join(', ')).toBe(
      'Number, Invoice date, Due date, Client, Status, Place of supply, Taxable value, CGST, SGST/UTGST, IGST, ' +
        'Round off, Total',
    );
    expect(rows).toEqual([
      {
        Number: 'INV/2026-27/0001',
        'Invoice date': '01/04/2026',
        'Due date': '10/04/2026',
        Client: `'=HYPERLINK("x") Traders`,
        Status: 'Issued',
        'Place of supply': 'Maharashtra',
        'Taxable value': '1000.00',
        CGST: '90.00',
        'SGST/UTGST': '90.00',
        IGST: '0.00',
        'Round off': '0.00',
        Total: '1180.00',
      },
    ]);
    expect((await call('GET', '/api/invoices/export.csv', firm.pc.token)).statusCode).toBe(403);
    expect(readCsvAnswer((await call('GET', '/api/invoices/export.csv', other.mpc.token)).body).rows).toEqual([]);
  });
});
