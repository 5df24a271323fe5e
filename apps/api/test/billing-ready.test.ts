import type { ReadyEntry } from '@portal/contract/billing-ready';
import { READY_MESSAGES as R } from '@portal/contract/billing-ready';
import { type Invoice, INVOICE_PERIOD_MESSAGES as P } from '@portal/contract/invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { BILLING_PROFILE } from './support/billing.js';
import { useFirm, useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork, tieRule } from './support/work.js';

// The test clock starts on 1 April 2026, 14:30 in India: financial year 2026-27.
const PER_ITEM = 500_000;
const MONTHLY = 200_000;

/** Issue 23: ready to bill, drafts made from it in bulk, and completing only billed work. */
describe.each(listTestDialects())('ready to bill on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const other = useFirm('test', t, { admin });
  const call = bindApiCall(t);
  const mpc = () => firm.mpc.token;
  const [gst, itr] = [() => firm.services[0] as number, () => firm.services[1] as number];
  const ready = async (query = '', token = mpc()) => {
    const answer = await call('GET', `/api/billing/ready${query}`, token);
    expect(answer.statusCode).toBe(200);
    return answer.json().data as { data: ReadyEntry[]; next_before: number | null; next_after: number | null };
  };
  const drafts = (entries: object[]) => call('POST', '/api/billing/ready/drafts', mpc(), { entries });

  /** The client's GST work planned from GSTR-3B, the first `filed` of them filed. */
  async function fileWork(filed: number) {
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', gst());
    const work = (await listAllWork(t)).filter((item) => item.client_id === firm.client.id);
    const ids = work.slice(0, filed).map((item) => item.id);
    if (ids.length > 0)
      await t.context.db
        .updateTable('work_items')
        .set({ status: 'filed', is_open: 0, filed_on: '2026-04-01' })
        .where('id', 'in', ids)
        .execute();
    return { ids, open: work.slice(filed).map((item) => item.id) };
  }

  beforeEach(async () => {
    await call('PUT', '/api/billing/profile', mpc(), BILLING_PROFILE);
    await t.context.db.updateTable('users').set({ state: 'Maharashtra' }).where('id', '=', firm.client.id).execute();
    await t.context.db.updateTable('services').set({ sac_code: '998231' }).execute();
    const fees = [
      { service_id: gst(), amount_paise: PER_ITEM, basis: 'per_item', gst_rate_bp: 1800 },
      { service_id: itr(), amount_paise: MONTHLY, basis: 'monthly', gst_rate_bp: 1800 },
    ];
    expect((await call('PUT', `/api/clients/${firm.client.id}/fees`, mpc(), { fees })).statusCode).toBe(200);
  });

  it('lists filed per-item work no invoice bills, newest first by keyset, and the retainer’s months so far', async () => {
    const { ids } = await fileWork(2);
    const first = await ready('?limit=1');
    expect(first.data).toHaveLength(1);
    expect(first.data[0]).toMatchObject({
      work_item_id: Math.max(...ids),
      client_id: firm.client.id,
      service_id: gst(),
      status: 'filed',
      closed_on: '2026-04-01',
      basis: 'per_item',
      amount_paise: PER_ITEM,
      sac: '998231',
    });
    const second = await ready(`?limit=1&before=${first.next_before}`);
    expect([second.data[0]?.work_item_id, second.next_before]).toEqual([Math.min(...ids), null]);

    // The monthly fee was set on 1 April 2026: April is due; two months on, May and June too.
    expect((await ready('?kind=fees')).data.map((entry) => entry.period_key)).toEqual(['2026-04']);
    t.clock.advance(61 * 86_400_000);
    const token = await t.signIn(firm.mpc);
    const periods = (await ready('?kind=fees', token)).data;
    expect(periods.map((entry) => [entry.period_key, entry.title, entry.amount_paise])).toEqual([
      ['2026-04', 'Apr 2026', MONTHLY],
      ['2026-05', 'May 2026', MONTHLY],
      ['2026-06', 'Jun 2026', MONTHLY],
    ]);
  });

  it('makes one draft per client from the chosen entries, its lines from the fees, and lists them no more', async () => {
    const { ids } = await fileWork(2);
    const entries = [
      ...ids.map((id) => ({ work_item_id: id })),
      { client_id: firm.client.id, service_id: itr(), period_key: '2026-04' },
    ];
    const answer = await drafts(entries);
    expect(answer.statusCode).toBe(200);
    const { made, refused } = answer.json().data;
    expect([made.length, refused]).toEqual([1, []]);
    const invoice = (await call('GET', `/api/invoices/${made[0].invoice_id}`, mpc())).json().data as Invoice;
    expect(invoice).toMatchObject({ status: 'draft', client_id: firm.client.id, invoice_date: '2026-04-01' });
    expect(invoice.due_date).toBe('2026-04-16');
    expect(invoice.lines.map((line) => [line.quantity, line.rate_paise, line.sac, line.gst_rate_bp])).toEqual(
      entries.map(() => [1, expect.any(Number), '998231', 1800]),
    );
    expect(invoice.lines.map((line) => line.work_item_ids)).toEqual([[ids[0]], [ids[1]], []]);
    expect(invoice.lines[2]?.period).toEqual({ service_id: itr(), period_key: '2026-04' });
    expect(invoice.lines[0]?.description).toMatch(/^GSTR-3B · /);
    expect(invoice.lines[2]?.description).toMatch(/ · Apr 2026$/);
    // CGST and SGST at 9 % each on Rs 12,000 (two items at Rs 5,000 and a month at Rs 2,000).
    expect([invoice.taxable_paise, invoice.cgst_paise, invoice.total_paise]).toEqual([1_200_000, 108_000, 1_416_000]);
    expect((await ready()).data).toEqual([]);
    expect((await ready('?kind=fees')).data).toEqual([]);

    // Chosen again (a second tab): the client's draft is refused with the clear message, nothing written.
    const again = (await drafts(entries)).json().data;
    expect(again).toEqual({ made: [], refused: [{ client_id: firm.client.id, message: R.workBilled }] });
    const period = (await drafts([entries[2] as object])).json().data;
    expect(period.refused).toEqual([{ client_id: firm.client.id, message: P.periodBilled }]);
    expect(await t.context.db.selectFrom('invoices').select('id').execute()).toHaveLength(1);
  });

  it('bills a period once among live invoices: cancelling frees it, a typed draft naming it is refused', async () => {
    const line = {
      description: 'ITR retainer, April 2026',
      sac: '998231',
      quantity: 1,
      rate_paise: MONTHLY,
      gst_rate_bp: 1800,
      period: { service_id: itr(), period_key: '2026-04' },
    };
    const body = { client_id: firm.client.id, invoice_date: '2026-04-01', due_date: '2026-04-15', lines: [line] };
    const first = await call('POST', '/api/invoices', mpc(), body);
    expect(first.json().data.lines[0].period).toEqual(line.period);
    const twice = await call('POST', '/api/invoices', mpc(), body);
    expect([twice.statusCode, twice.json().errors]).toEqual([422, { 'lines.0.period': [P.periodBilled] }]);
    const quarter = { ...body, lines: [{ ...line, period: { service_id: itr(), period_key: 'FY2026-27-Q1' } }] };
    expect((await call('POST', '/api/invoices', mpc(), quarter)).json().errors).toEqual({
      'lines.0.period': [P.periodInvalid],
    });
    await call('POST', `/api/invoices/${first.json().data.id}/cancel`, mpc(), { reason: 'Redone' });
    expect((await ready('?kind=fees')).data.map((entry) => entry.period_key)).toEqual(['2026-04']);
    expect((await call('POST', '/api/invoices', mpc(), body)).statusCode).toBe(201);
  });

  it('lists a quarterly retainer by quarter of the financial year and a one-off fee once', async () => {
    const setFee = (basis: string) =>
      call('PUT', `/api/clients/${firm.client.id}/fees`, mpc(), {
        fees: [{ service_id: itr(), amount_paise: MONTHLY, basis, gst_rate_bp: 1800 }],
      });
    await setFee('quarterly');
    const quarter = (await ready('?kind=fees')).data;
    expect(quarter.map((entry) => [entry.period_key, entry.title, entry.basis])).toEqual([
      ['FY2026-27-Q1', 'Q1 FY 2026-27', 'quarterly'],
    ]);
    await setFee('one_off');
    const once = (await ready('?kind=fees')).data;
    expect(once.map((entry) => [entry.period_key, entry.title, entry.period])).toEqual([['ONCE', 'One-off', null]]);
    const made = await drafts([{ client_id: firm.client.id, service_id: itr(), period_key: 'ONCE' }]);
    expect(made.json().data.made).toHaveLength(1);
    expect((await ready('?kind=fees')).data).toEqual([]);
  });

  it('offers no period a billed one covers after the basis changes, and starts a new basis on the day of the change', async () => {
    const setFee = (basis: string) =>
      call('PUT', `/api/clients/${firm.client.id}/fees`, mpc(), {
        fees: [{ service_id: itr(), amount_paise: MONTHLY, basis, gst_rate_bp: 1800 }],
      });
    // April billed monthly, then quarterly the same day: the quarter holding April is billed already.
    const april = await drafts([{ client_id: firm.client.id, service_id: itr(), period_key: '2026-04' }]);
    expect(april.json().data.made).toHaveLength(1);
    await setFee('quarterly');
    expect((await ready('?kind=fees')).data).toEqual([]);
    // Back to monthly 100 days on: charged from the day of the change (July), not from April again.
    t.clock.advance(100 * 86_400_000);
    const token = await t.signIn(firm.mpc);
    await call('PUT', `/api/clients/${firm.client.id}/fees`, token, {
      fees: [{ service_id: itr(), amount_paise: MONTHLY, basis: 'monthly', gst_rate_bp: 1800 }],
    });
    const months = (await ready('?kind=fees', token)).data.map((entry) => entry.period_key);
    expect(months).toEqual(['2026-07']);
  });

  it('stops a retainer once the client drops the service or is disabled', async () => {
    expect((await ready('?kind=fees')).data.map((entry) => entry.period_key)).toEqual(['2026-04']);
    await t.context.db
      .deleteFrom('user_services')
      .where('user_id', '=', firm.client.id)
      .where('service_id', '=', itr())
      .execute();
    expect((await ready('?kind=fees')).data).toEqual([]);
    const figures = (await call('GET', '/api/billing/summary', mpc())).json().data;
    expect(figures.unbilled_paise).toBe(0);
  });

  it('makes one draft of the same entries chosen twice at once, and tells the other it is billed', async () => {
    const { ids } = await fileWork(1);
    const entries = [{ work_item_id: ids[0] as number }];
    const answers = (await Promise.all([drafts(entries), drafts(entries)])).map((answer) => answer.json().data);
    expect(answers.flatMap((answer) => answer.made)).toHaveLength(1);
    expect(answers.flatMap((answer) => answer.refused)).toEqual([{ client_id: firm.client.id, message: R.workBilled }]);
  });

  it('refuses entries that are not ready: open work, a month not yet due, another firm’s work', async () => {
    const { open } = await fileWork(1);
    expect((await drafts([{ work_item_id: open[0] as number }])).json().errors).toEqual({
      'entries.0': [R.workNotReady],
    });
    const future = { client_id: firm.client.id, service_id: itr(), period_key: '2026-05' };
    expect((await drafts([future])).json().errors).toEqual({ 'entries.0': [R.periodNotReady] });
    expect((await drafts([])).json().errors).toEqual({ entries: [R.entriesRequired] });
    expect(await t.context.db.selectFrom('invoices').select('id').execute()).toEqual([]);
  });

  it('refuses completing unbilled fee-bearing work only when the firm says so (a draft does not bill it), and lets billed work complete', async () => {
    const { open } = await fileWork(0);
    const [held, free] = open as [number, number];
    const complete = (id: number) => call('PUT', `/api/work/${id}`, mpc(), { status: 'completed' });
    expect((await complete(free)).statusCode).toBe(200);

    const setting = await call('PUT', '/api/firm/settings', mpc(), { complete_only_when_billed: true });
    expect(setting.json().data).toMatchObject({ complete_only_when_billed: true, invoice_reminder_days: null });
    const refused = await complete(held);
    expect([refused.statusCode, refused.json().errors]).toEqual([422, { status: [R.unbilledWork] }]);
    // Filing is not completing: the firm files first, then bills.
    const filed = await call('PUT', `/api/work/${held}`, mpc(), {
      status: 'filed',
      filed_on: '2026-04-01',
      ack_number: 'AA2704260000001',
    });
    expect([filed.statusCode, filed.json().errors]).toEqual([200, undefined]);
    // A draft naming it does not bill it yet (it may still be changed or dropped); issued, it does.
    const made = (await drafts([{ work_item_id: held }])).json().data.made as { invoice_id: number }[];
    expect((await complete(held)).statusCode).toBe(422);
    expect((await call('POST', `/api/invoices/${made[0]?.invoice_id}/issue`, mpc())).statusCode).toBe(200);
    expect((await complete(held)).statusCode).toBe(200);
  });

  it('answers the dashboard’s figures: billed this month and year, outstanding, unbilled', async () => {
    const { ids } = await fileWork(2);
    const before = (await call('GET', '/api/billing/summary', mpc())).json().data;
    expect(before).toEqual({
      month: { billed_paise: 0, collected_paise: 0 },
      financial_year: { billed_paise: 0, collected_paise: 0 },
      outstanding_paise: 0,
      unbilled_paise: 2 * PER_ITEM + MONTHLY,
    });
    const made = (await drafts([{ work_item_id: ids[0] as number }])).json().data.made[0].invoice_id;
    await call('POST', `/api/invoices/${made}/issue`, mpc());
    const after = (await call('GET', '/api/billing/summary', mpc())).json().data;
    expect(after).toEqual({
      month: { billed_paise: 590_000, collected_paise: 0 },
      financial_year: { billed_paise: 590_000, collected_paise: 0 },
      outstanding_paise: 590_000,
      unbilled_paise: PER_ITEM + MONTHLY,
    });
  });

  it('is the firm’s MPC’s: its PC and the client are refused, another firm’s MPC sees none of it', async () => {
    const { ids } = await fileWork(1);
    for (const token of [firm.pc.token, firm.client.token, admin.token]) {
      expect((await call('GET', '/api/billing/ready', token)).statusCode).toBe(403);
      expect((await call('GET', '/api/billing/summary', token)).statusCode).toBe(403);
    }
    expect((await ready('', other.mpc.token)).data).toEqual([]);
    const foreign = await call('POST', '/api/billing/ready/drafts', other.mpc.token, {
      entries: [{ work_item_id: ids[0] }],
    });
    expect(foreign.json().errors).toEqual({ 'entries.0': [R.workNotReady] });
  });
});
