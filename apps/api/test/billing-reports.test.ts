import { computeGstinCheckCharacter } from '@portal/contract/identifiers';
import { beforeEach, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { BILLING_PROFILE } from './support/billing.js';
import { parseCsvText } from './support/csv.js';
import { clientFields, useFirmApp } from './support/firm.js';
import { createUserThroughApi } from './support/people.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork, tieRule } from './support/work.js';

// The test clock starts on 1 April 2026, 14:30 in India.
const GSTIN = `27AABCU9603R1Z${computeGstinCheckCharacter('27AABCU9603R1Z')}`;
const LINE = { description: 'Tax audit', sac: '998231', quantity: 1, rate_paise: 1_000_000, gst_rate_bp: 1800 };

/** Issue 23: billed and collected by month, service and assignee; the firm's GSTR-1 sheets. */
describe.each(listTestDialects())('billing reports on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const call = bindApiCall(t);
  const mpc = () => firm.mpc.token;
  let serviceName = '';
  let pcName = '';

  const csvOf = async (url: string, token = mpc()) => {
    const answer = await call('GET', url, token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = parseCsvText(answer.body.replace(/^\uFEFF/, ''));
    return { header, rows };
  };
  const issue = async (clientId: number, lines: object[]) => {
    const body = { client_id: clientId, invoice_date: '2026-04-01', due_date: '2026-04-15', lines };
    const id = (await call('POST', '/api/invoices', mpc(), body)).json().data.id as number;
    expect((await call('POST', `/api/invoices/${id}/issue`, mpc())).statusCode).toBe(200);
    return id;
  };

  beforeEach(async () => {
    await call('PUT', '/api/billing/profile', mpc(), BILLING_PROFILE);
    const gst = firm.services[0] as number;
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', gst);
    const item = (await listAllWork(t)).find((row) => row.client_id === firm.client.id)?.id as number;
    await t.context.db.updateTable('work_items').set({ assignee_id: firm.pc.id }).where('id', '=', item).execute();
    await t.context.db
      .updateTable('users')
      .set({ state: 'Maharashtra', gst_number: GSTIN, first_name: 'Mehta', last_name: 'Traders' })
      .where('id', '=', firm.client.id)
      .execute();
    // An unregistered client in Karnataka: B2C, inter-state.
    const walkIn = await createUserThroughApi(t, mpc(), clientFields(firm.services, { first_name: 'Walkin' }));
    // Mehta Traders: Rs 10,000 billing the PC's GSTR-3B item; the walk-in client: Rs 5,000 of tax preparation.
    await issue(firm.client.id, [{ ...LINE, work_item_ids: [item] }]);
    await issue(walkIn.id, [{ ...LINE, sac: '998232', rate_paise: 500_000 }]);
    const cancelled = await issue(walkIn.id, [LINE]);
    await call('POST', `/api/invoices/${cancelled}/cancel`, mpc(), { reason: 'Wrong client' });
    const names = await t.context.db
      .selectFrom('services')
      .select('service_name')
      .where('id', '=', gst)
      .executeTakeFirstOrThrow();
    serviceName = names.service_name;
    const pc = await t.context.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', firm.pc.id)
      .executeTakeFirstOrThrow();
    pcName = `${pc.first_name} ${pc.last_name ?? ''}`.trim();
  });

  it('reports billed by month, service and assignee; a cancelled invoice bills nothing', async () => {
    const range = '?from=2026-04-01&to=2026-06-30';
    const month = await csvOf(`/api/billing/reports/by-month.csv${range}`);
    expect(month.header).toEqual(['Month', 'Invoices', 'Taxable value', 'Tax', 'Billed', 'Collected']);
    expect(month.rows).toEqual([['2026-04', '2', '15000.00', '2700.00', '17700.00', '0.00']]);
    expect((await csvOf(`/api/billing/reports/by-service.csv${range}`)).rows).toEqual([
      [serviceName, '1', '10000.00', '1800.00', '11800.00', '0.00'],
      ['Other lines', '1', '5000.00', '900.00', '5900.00', '0.00'],
    ]);
    expect((await csvOf(`/api/billing/reports/by-assignee.csv${range}`)).rows).toEqual([
      [pcName, '1', '10000.00', '1800.00', '11800.00', '0.00'],
      ['Not assigned', '1', '5000.00', '900.00', '5900.00', '0.00'],
    ]);
    expect((await csvOf('/api/billing/reports/by-month.csv?from=2026-05-01&to=2026-05-31')).rows).toEqual([]);
    const backwards = await call('GET', '/api/billing/reports/by-month.csv?from=2026-05-01&to=2026-04-01', mpc());
    expect(backwards.statusCode).toBe(422);
    expect((await call('GET', `/api/billing/reports/by-client.csv${range}`, mpc())).statusCode).toBe(422);
    expect((await call('GET', `/api/billing/reports/by-month.csv${range}`, firm.pc.token)).statusCode).toBe(403);
  });

  it('reports each invoice by its recipient as issued: a client that registers later does not move it to B2B', async () => {
    const before = (await csvOf('/api/billing/gstr1.csv?period=2026-04&table=b2cs')).rows;
    // The walk-in client gets a GSTIN after its invoice was issued, and Mehta Traders loses its own.
    await t.context.db
      .updateTable('users')
      .set({ gst_number: '29AAPFU0939F1ZR' })
      .where('first_name', '=', 'Walkin')
      .execute();
    await t.context.db.updateTable('users').set({ gst_number: null }).where('id', '=', firm.client.id).execute();
    const b2b = (await csvOf('/api/billing/gstr1.csv?period=2026-04&table=b2b')).rows;
    expect(b2b.map((row) => [row[0], row[2]])).toEqual([[GSTIN, 'INV/2026-27/0001']]);
    expect((await csvOf('/api/billing/gstr1.csv?period=2026-04&table=b2cs')).rows).toEqual(before);
  });

  it('takes a credit note to an unregistered client off its state and rate in B2CS, as in the SAC summary', async () => {
    const walkIn = await t.context.db
      .selectFrom('invoices')
      .innerJoin('users', 'users.id', 'invoices.client_id')
      .select('invoices.id')
      .where('users.first_name', '=', 'Walkin')
      .where('invoices.status', '=', 'issued')
      .executeTakeFirstOrThrow();
    const noted = await call('POST', `/api/invoices/${walkIn.id}/credit-notes`, mpc(), {
      reason: 'Fee agreed lower',
      lines: [{ description: 'Reduction', amount_paise: 100_000, gst_rate_bp: 1800 }],
    });
    expect(noted.statusCode, noted.body).toBe(201);
    // Rs 5,000.00 less Rs 1,000.00 at 18 % to Karnataka: Rs 4,000.00 and Rs 720.00 of IGST.
    expect((await csvOf('/api/billing/gstr1.csv?period=2026-04&table=b2cs')).rows).toEqual([
      ['OE', '29-Karnataka', '', '18', '4000.00', '', '', '720.00', '0.00', '0.00'],
    ]);
    const hsn = (await csvOf('/api/billing/gstr1.csv?period=2026-04&table=hsn_b2c')).rows;
    expect(hsn.map((row) => [row[0], row[6], row[7]])).toEqual([['998232', '4000.00', '720.00']]);
  });

  it('writes the GSTR-1 sheets: B2B by GSTIN, B2CS by state and rate, the SAC summary', async () => {
    const b2b = await csvOf('/api/billing/gstr1.csv?period=2026-04&table=b2b');
    // The offline tool's b2b sheet, then the three tax heads the tool works out itself.
    expect(b2b.header?.join(', ')).toBe(
      'GSTIN/UIN of Recipient, Receiver Name, Invoice Number, Invoice date, Invoice Value, Place Of Supply, ' +
        'Reverse Charge, Applicable % of Tax Rate, Invoice Type, E-Commerce GSTIN, Rate, Taxable Value, ' +
        'Cess Amount, Integrated Tax, Central Tax, State/UT Tax',
    );
    expect(b2b.rows).toEqual([
      [GSTIN, 'Mehta Traders', 'INV/2026-27/0001', '01-Apr-2026', '11800.00', '27-Maharashtra', 'N', ''].concat([
        'Regular B2B',
        '',
        '18',
        '10000.00',
        '',
        '0.00',
        '900.00',
        '900.00',
      ]),
    ]);
    expect((await csvOf('/api/billing/gstr1.csv?period=2026-04&table=b2cs')).rows).toEqual([
      ['OE', '29-Karnataka', '', '18', '5000.00', '', '', '900.00', '0.00', '0.00'],
    ]);
    expect((await csvOf('/api/billing/gstr1.csv?period=FY2026-27-Q1&table=hsn_b2b')).rows).toEqual([
      ['998231', 'Corporate tax consulting and preparation', 'NA', '0', '11800.00', '18', '10000.00'].concat([
        '0.00',
        '900.00',
        '900.00',
        '0.00',
      ]),
    ]);
    expect((await csvOf('/api/billing/gstr1.csv?period=2026-04&table=hsn_b2c')).rows).toEqual([
      ['998232', 'Individual tax preparation and planning', 'NA', '0', '5900.00', '18', '5000.00'].concat([
        '900.00',
        '0.00',
        '0.00',
        '0.00',
      ]),
    ]);
    expect((await csvOf('/api/billing/gstr1.csv?period=2026-04&table=cdnr')).rows).toEqual([]);
    expect((await csvOf('/api/billing/gstr1.csv?period=2026-Q1')).rows).toEqual([]);
    expect((await call('GET', '/api/billing/gstr1.csv?period=2026-13', mpc())).statusCode).toBe(422);
    await call('PUT', '/api/billing/profile', mpc(), { ...BILLING_PROFILE, registration: 'composition' });
    expect((await call('GET', '/api/billing/gstr1.csv?period=2026-04', mpc())).statusCode).toBe(422);
  });
});
