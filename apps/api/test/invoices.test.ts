import { computeGstinCheckCharacter } from '@portal/contract/identifiers';
import { type Invoice, INVOICE_MESSAGES as M } from '@portal/contract/invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { BILLING_PROFILE, INVOICE_LINE } from './support/billing.js';
import { useFirm, useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork, tieRule } from './support/work.js';

// The test clock starts on 1 April 2026, 14:30 in India: financial year 2026-27.
const LINE = INVOICE_LINE;

/** Issue 23: draft, issue (numbered under rule 46(b)) and cancel; tax by place of supply; work billed once. */
describe.each(listTestDialects())('invoices on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const other = useFirm('test', t, { admin });
  const call = bindApiCall(t);
  const mpc = () => firm.mpc.token;
  const draft = async (body: object = {}) =>
    call('POST', '/api/invoices', mpc(), {
      client_id: firm.client.id,
      invoice_date: '2026-04-01',
      due_date: '2026-04-15',
      lines: [LINE],
      ...body,
    });
  const issue = async (id: number) => call('POST', `/api/invoices/${id}/issue`, mpc());
  const setClient = (values: { state: string | null; gst_number: string | null }) =>
    t.context.db.updateTable('users').set(values).where('id', '=', firm.client.id).execute();

  beforeEach(async () => {
    await call('PUT', '/api/billing/profile', mpc(), BILLING_PROFILE);
    await setClient({ state: 'Maharashtra', gst_number: null });
  });

  it('drafts an invoice with CGST and SGST within Maharashtra, IGST to a client in Karnataka', async () => {
    const within = await draft();
    expect(within.statusCode).toBe(201);
    expect(within.json().data).toMatchObject({
      status: 'draft',
      number: null,
      supply_kind: 'intra_state',
      place_of_supply: 'Maharashtra',
      local_head: 'SGST',
      taxable_paise: 950_000,
      cgst_paise: 85_500,
      local_paise: 85_500,
      igst_paise: 0,
      round_off_paise: 0,
      total_paise: 1_121_000,
      lines: [{ description: LINE.description, taxable_paise: 950_000, cgst_paise: 85_500, work_item_ids: [] }],
    });
    await setClient({ state: 'Karnataka', gst_number: null });
    const across = (await draft({ lines: [{ ...LINE, quantity: 2, rate_paise: 333_333, discount_paise: 0 }] })).json()
      .data;
    expect(across).toMatchObject({
      supply_kind: 'inter_state',
      place_of_supply: 'Karnataka',
      taxable_paise: 666_666,
      igst_paise: 120_000,
      round_off_paise: 34,
      total_paise: 786_700,
    });
  });

  it('numbers each issued invoice with the next serial of the year, keeps a cancelled one’s, starts again in April', async () => {
    const ids = [];
    for (let index = 0; index < 3; index += 1) ids.push((await draft()).json().data.id as number);
    const [first, second, third] = ids as [number, number, number];
    expect((await issue(first)).json().data).toMatchObject({ status: 'issued', number: 'INV/2026-27/0001' });
    expect((await issue(first)).statusCode).toBe(409);
    expect(
      (
        await call('PUT', `/api/invoices/${first}`, mpc(), {
          client_id: firm.client.id,
          invoice_date: '2026-04-01',
          due_date: '2026-04-15',
          lines: [LINE],
        })
      ).statusCode,
    ).toBe(409);

    const cancelled = await call('POST', `/api/invoices/${first}/cancel`, mpc(), {
      reason: 'Billed to the wrong client',
    });
    expect(cancelled.json().data).toMatchObject({
      status: 'cancelled',
      number: 'INV/2026-27/0001',
      cancel_reason: 'Billed to the wrong client',
    });
    expect((await call('POST', `/api/invoices/${first}/cancel`, mpc(), { reason: 'again' })).statusCode).toBe(409);
    expect((await issue(second)).json().data.number).toBe('INV/2026-27/0002');

    // A new financial year, a new series (signed in again: a year outlives the session).
    t.clock.advance(365 * 86_400_000);
    const token = await t.signIn(firm.mpc);
    const renewed = await call('POST', `/api/invoices/${third}/issue`, token);
    expect(renewed.json().data).toMatchObject({ number: 'INV/2027-28/0001', invoice_date: '2027-04-01' });
  });

  it('gives invoices issued at the same moment distinct, consecutive numbers', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 6; index += 1) ids.push((await draft()).json().data.id as number);
    const answers = await Promise.all(ids.map((id) => issue(id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(ids.map(() => 200));
    const numbers = answers.map((answer) => (answer.json().data as Invoice).number).sort();
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6].map((serial) => `INV/2026-27/000${serial}`));
  });

  it('keeps an issue and a cancel sent at once consistent: what was answered is what happened, no number lost', async () => {
    const id = (await draft()).json().data.id as number;
    const [issued, cancelled] = await Promise.all([
      issue(id),
      call('POST', `/api/invoices/${id}/cancel`, mpc(), { reason: 'Not needed' }),
    ]);
    const final = (await call('GET', `/api/invoices/${id}`, mpc())).json().data as Invoice;
    expect(final.status).toBe(cancelled.statusCode === 200 ? 'cancelled' : 'issued');
    expect(final.number).toBe(issued.statusCode === 200 ? 'INV/2026-27/0001' : null);
    for (const answer of [issued, cancelled].filter((one) => one.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect([M.notDraft, M.changedMeanwhile]).toContain(answer.json().message);
    }
    // The series has no gap: the next number follows the ones actually given.
    const next = (await draft()).json().data.id as number;
    expect((await issue(next)).json().data.number).toBe(final.number ? 'INV/2026-27/0002' : 'INV/2026-27/0001');
  });

  it('works the tax out again at issue, from where the client is now: its GSTIN’s state, or a state it knows', async () => {
    const id = (await draft()).json().data.id as number;
    expect((await call('GET', `/api/invoices/${id}`, mpc())).json().data.supply_kind).toBe('intra_state');
    // The client turns out to be registered in Karnataka: its GSTIN decides, whatever the state typed.
    const gstin = `29AAPFU0939F1Z${computeGstinCheckCharacter('29AAPFU0939F1Z')}`;
    await setClient({ state: 'Maharashtra', gst_number: gstin });
    const issued = (await issue(id)).json().data as Invoice;
    expect(issued).toMatchObject({
      supply_kind: 'inter_state',
      place_of_supply: 'Karnataka',
      igst_paise: 171_000,
      cgst_paise: 0,
    });
    expect(issued.lines[0]).toMatchObject({ igst_paise: 171_000, cgst_paise: 0 });
    // A state the portal does not know is not guessed as the firm's own.
    await setClient({ state: 'Tamilnaad', gst_number: null });
    expect((await draft()).json().errors).toEqual({ client_id: [M.clientStateUnknown] });
  });

  it('bills legal services of a firm of advocates to a registered client under reverse charge, and no one else’s', async () => {
    const gstin = `27AAPFU0939F1Z${computeGstinCheckCharacter('27AAPFU0939F1Z')}`;
    await setClient({ state: 'Maharashtra', gst_number: gstin });
    const legal = { ...LINE, sac: '998212', discount_paise: 0 };
    expect((await draft({ lines: [legal] })).json().data).toMatchObject({
      supply_kind: 'intra_state',
      cgst_paise: 90_000,
    });
    await call('PUT', '/api/billing/profile', mpc(), { ...BILLING_PROFILE, advocates: true });
    expect((await draft({ lines: [legal] })).json().data).toMatchObject({
      supply_kind: 'reverse_charge',
      cgst_paise: 0,
      total_paise: 1_000_000,
      reverse_charge_paise: 180_000,
    });
    await setClient({ state: 'Maharashtra', gst_number: null });
    expect((await draft({ lines: [legal] })).json().data.supply_kind).toBe('intra_state');
  });

  it('never changes an issued invoice: a draft saved while it is issued is refused, or lands before the issue', async () => {
    const id = (await draft()).json().data.id as number;
    const changed = {
      client_id: firm.client.id,
      invoice_date: '2026-04-01',
      due_date: '2026-04-15',
      lines: [{ ...LINE, quantity: 3 }],
    };
    const [issued, saved] = await Promise.all([issue(id), call('PUT', `/api/invoices/${id}`, mpc(), changed)]);
    const final = (await call('GET', `/api/invoices/${id}`, mpc())).json().data as Invoice;
    expect(issued.statusCode === 200 || saved.statusCode === 200).toBe(true);
    if (saved.statusCode === 200) expect(final.lines[0]?.quantity).toBe(3);
    else expect([saved.statusCode, final.lines[0]?.quantity]).toEqual([409, 1]);
    // What was issued carries the tax of its own lines.
    if (final.status === 'issued')
      expect(final.taxable_paise).toBe(final.lines.reduce((sum, line) => sum + line.taxable_paise, 0));
  });

  it('answers two drafts billing the same work item at once with one draft and one clear refusal', async () => {
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', firm.services[0] as number);
    const item = (await listAllWork(t)).find((row) => row.client_id === firm.client.id)?.id as number;
    const body = { lines: [{ ...LINE, work_item_ids: [item] }] };
    const answers = await Promise.all([draft(body), draft(body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    const refused = answers.find((answer) => answer.statusCode === 422);
    expect(Object.values(refused?.json().errors ?? {}).flat()).toEqual([M.workItemBilled]);
  });

  it('bills a work item once: another invoice naming it is refused until the first is cancelled', async () => {
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', firm.services[0] as number);
    const work = (await listAllWork(t)).filter((item) => item.client_id === firm.client.id);
    const item = work[0]?.id as number;
    const billed = await draft({ lines: [{ ...LINE, work_item_ids: [item] }] });
    expect(billed.json().data.lines[0].work_item_ids).toEqual([item]);
    const again = await draft({ lines: [{ ...LINE, work_item_ids: [item] }] });
    expect([again.statusCode, again.json().errors]).toEqual([422, { 'lines.0.work_item_ids': [M.workItemBilled] }]);
    const strangers = (await listAllWork(t)).find((row) => row.client_id !== firm.client.id);
    if (strangers) {
      const foreign = await draft({ lines: [{ ...LINE, work_item_ids: [strangers.id] }] });
      expect(foreign.json().errors).toEqual({ 'lines.0.work_item_ids': [M.workItemInvalid] });
    }
    const cancelled = await call('POST', `/api/invoices/${billed.json().data.id}/cancel`, mpc(), { reason: 'Redone' });
    // The cancelled invoice still says what it billed; the work may be billed again.
    expect(cancelled.json().data.lines[0].work_item_ids).toEqual([item]);
    expect((await draft({ lines: [{ ...LINE, work_item_ids: [item] }] })).statusCode).toBe(201);
    const twice = await draft({ lines: [{ ...LINE, work_item_ids: [item] }] });
    expect(twice.json().errors).toEqual({ 'lines.0.work_item_ids': [M.workItemBilled] });
  });

  it('refuses bad lines clearly and an invoice before the billing profile exists', async () => {
    const refused = await draft({
      lines: [
        { ...LINE, rate_paise: 100.5, sac: '996311' },
        { ...LINE, quantity: 1, rate_paise: 100, discount_paise: 101 },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect((await draft({ due_date: '2026-03-31' })).json().errors).toEqual({ due_date: [M.dueBeforeDate] });
    expect(refused.json().errors).toEqual({
      'lines.0.rate_paise': [M.amountInvalid],
      'lines.0.sac': [M.sacInvalid],
      'lines.1.discount_paise': [M.discountTooLarge],
    });
    expect((await draft({ lines: [] })).json().errors).toEqual({ lines: [M.linesRequired] });
    const bare = await call('POST', '/api/invoices', other.mpc.token, {
      client_id: other.client.id,
      invoice_date: '2026-04-01',
      due_date: '2026-04-15',
      lines: [LINE],
    });
    expect([bare.statusCode, bare.json().errors]).toEqual([422, { client_id: [M.noProfile] }]);
    expect(await t.context.db.selectFrom('invoices').selectAll().execute()).toEqual([]);
  });

  it('is the firm’s MPC’s: its PC and the admin are refused, its client sees no draft, another firm sees none', async () => {
    const id = (await draft()).json().data.id as number;
    for (const token of [firm.pc.token, admin.token]) {
      expect((await call('GET', `/api/invoices/${id}`, token)).statusCode).toBe(403);
      expect((await call('GET', '/api/invoices', token)).statusCode).toBe(403);
    }
    // The client reads its own issued invoices only (receipts.test.ts): a draft is out of its sight.
    expect((await call('GET', `/api/invoices/${id}`, firm.client.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/invoices', firm.client.token)).json().data.data).toEqual([]);
    expect((await call('GET', `/api/invoices/${id}`, other.mpc.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/invoices/${id}/issue`, other.mpc.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/invoices', other.mpc.token)).json().data.data).toEqual([]);
    const foreign = await call('POST', '/api/invoices', other.mpc.token, {
      client_id: firm.client.id,
      invoice_date: '2026-04-01',
      due_date: '2026-04-15',
      lines: [LINE],
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lists the firm’s invoices newest first a page at a time, by status', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 3; index += 1) ids.push((await draft()).json().data.id as number);
    await issue(ids[0] as number);
    const first = (await call('GET', '/api/invoices?limit=2', mpc())).json().data;
    expect(first.data.map((invoice: Invoice) => invoice.id)).toEqual([ids[2], ids[1]]);
    const next = (await call('GET', `/api/invoices?limit=2&before=${first.next_before}`, mpc())).json().data;
    expect([next.data.map((invoice: Invoice) => invoice.id), next.next_before]).toEqual([[ids[0]], null]);
    const issued = (await call('GET', '/api/invoices?status=issued', mpc())).json().data.data;
    expect(issued.map((invoice: Invoice) => invoice.number)).toEqual(['INV/2026-27/0001']);
  });
});
