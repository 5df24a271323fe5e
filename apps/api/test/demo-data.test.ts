import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../src/bootstrap/demo-data.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

describe.each(listTestDialects())('demo data on %s', (dialect) => {
  const t = useTestApp('test', dialect);
  // Read once after the first seeding and again after the second, which must leave them as they were.
  const readWork = () =>
    t.context.db.selectFrom('work_items').select(['status', 'ack_number', 'due_date', 'title']).orderBy('id').execute();
  const readBells = () =>
    t.context.db.selectFrom('notifications').select(['user_id', 'kind', 'subject', 'detail']).orderBy('id').execute();

  it('creates two firms with every role, through the same rules as the API, and can run again', async () => {
    const admin = await t.createUser('admin');
    const actor = { id: admin.id, role: 'admin' as const, firmId: null, status: 'active' as const, tokenId: 0 };
    const first = await seedDemoData(t.context, actor);
    const again = await seedDemoData(t.context, actor);
    expect(again).toEqual(first);
    expect(first.filter((account) => account.role === 'mpc')).toHaveLength(2);
    for (const role of ['pc', 'executor', 'client'] as const) {
      expect(first.some((account) => account.role === role)).toBe(true);
    }
    const counts = await t.context.db
      .selectFrom('users')
      .select(['role_id', (eb) => eb.fn.countAll<number>().as('total')])
      .groupBy('role_id')
      .orderBy('role_id')
      .execute();
    expect(counts.map((row) => [row.role_id, Number(row.total)])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 2],
      [5, 6],
    ]);
    const mpc = first.find((account) => account.role === 'mpc');
    const token = await t.signIn({ email: mpc?.email as string, password: DEMO_PASSWORD });
    const clients = await t.request({ method: 'GET', url: '/api/user/userListByRole/5', token });
    expect(clients.json().data.total).toBe(4);

    // Businesses are named by their legal name and keep their identifiers.
    const company = clients
      .json()
      .data.data.find((client: { first_name: string }) => client.first_name.startsWith('Sharma Infra'));
    expect(company).toMatchObject({ last_name: '', client_status: { label: 'Company Private' } });
    const companyDetail = (await t.request({ method: 'GET', url: `/api/user/detail/${company.id}`, token })).json()
      .data;
    expect(JSON.parse(companyDetail.additional_data)).toEqual({
      cin: 'U45200MH2015PTC265432',
      date_of_formation: '2015-07-14',
    });

    // Sub-form data, family members, assignments and links, once each however often the seed runs.
    const firm = clients.json().data.data.find((client: { first_name: string }) => client.first_name === 'Meena');
    const detail = (await t.request({ method: 'GET', url: `/api/user/detail/${firm.id}`, token })).json().data;
    expect(detail.client_status.template).toBe('Firm');
    expect(JSON.parse(detail.additional_data).partners).toHaveLength(2);
    const members = (await t.request({ method: 'GET', url: `/api/member/list/${firm.id}`, token })).json().data;
    expect(members.total).toBe(1);
    const assignments = (await t.request({ method: 'GET', url: `/api/service/assignService/${firm.id}`, token })).json()
      .data;
    expect(assignments.some((row: { pc_username: string | null }) => row.pc_username !== null)).toBe(true);
    const folders = (
      await t.request({ method: 'GET', url: `/api/folders/${firm.id}/${detail.nature_of_service[0]}`, token })
    ).json().data;
    // The firm's own folder, beside the period folders its documents were requested into.
    expect(folders.map((folder: { folder_name: string }) => folder.folder_name)).toContain('Returns');
    const seeded = await t.context.db.selectFrom('files').select('file_name').execute();
    expect(seeded.filter((file) => file.file_name === 'ITR acknowledgement.pdf')).toHaveLength(6);
    const links = (await t.request({ method: 'GET', url: '/api/userLink/list', token })).json().data;
    expect(links.map((link: { label: string }) => link.label).sort()).toEqual(['GST portal', 'Income Tax e-filing']);

    // A year of work from the calendar, once however often the seed runs, in every kind of state.
    const work = await readWork();
    expect(work.length).toBeGreaterThan(100);
    expect(new Set(work.map((item) => item.title.split(' · ')[0]))).toEqual(
      new Set(['GSTR-1', 'GSTR-3B', 'Advance tax', 'ITR', 'TDS payment', '26Q']),
    );
    const statuses = new Set(work.map((item) => item.status));
    for (const status of ['filed', 'completed', 'in_progress', 'not_started'])
      expect(statuses.has(status), status).toBe(true);
    expect(work.filter((item) => item.status === 'filed').every((item) => item.ack_number !== null)).toBe(true);
    expect(work.some((item) => item.due_date < '2025-06-01')).toBe(true);
    const summary = (await t.request({ method: 'GET', url: '/api/work/summary', token })).json().data;
    expect(summary.overdue).toBeGreaterThan(0);
    // The bells: services handed out, work moved on by the MPCs, overdue notices (and due-soon ones when
    // the day has any: none in the three days from this test's 1 April).
    const bells = await readBells();
    const kinds = new Set(bells.map((notice) => notice.kind));
    for (const kind of ['service_assigned', 'work_status', 'work_overdue']) expect(kinds.has(kind), kind).toBe(true);
    const pcAccount = first.find((account) => account.role === 'pc');
    const pcToken = await t.signIn({ email: pcAccount?.email as string, password: DEMO_PASSWORD });
    const pcBell = (await t.request({ method: 'GET', url: '/api/notifications', token: pcToken })).json().data;
    expect(pcBell.unread).toBeGreaterThan(0);

    // Document requests: every item waiting for documents has an open one (documents uploaded, one
    // rejected with its reason), and fulfilled ones gave their items back to work in progress.
    const requests = await t.context.db
      .selectFrom('document_requests')
      .innerJoin('work_items', 'work_items.id', 'document_requests.work_item_id')
      .select(['document_requests.id', 'document_requests.status', 'work_items.status as work_status'])
      .orderBy('document_requests.id')
      .execute();
    const open = requests.filter((request) => request.status === 'open');
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((request) => request.work_status === 'awaiting_documents')).toBe(true);
    const waiting = await t.context.db
      .selectFrom('work_items')
      .select('id')
      .where('status', '=', 'awaiting_documents')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('document_requests')
              .select('id')
              .whereRef('document_requests.work_item_id', '=', 'work_items.id')
              .where('document_requests.status', '=', 'open'),
          ),
        ),
      )
      .execute();
    expect(waiting).toEqual([]);
    const complete = requests.filter((request) => request.status === 'complete');
    expect(complete.length).toBeGreaterThan(0);
    expect(complete.every((request) => request.work_status !== 'awaiting_documents')).toBe(true);
    const documents = await t.context.db.selectFrom('document_request_items').select(['status', 'reason']).execute();
    expect(new Set(documents.map((document) => document.status))).toEqual(
      new Set(['pending', 'uploaded', 'accepted', 'rejected']),
    );
    const client = first.find((account) => account.role === 'client');
    const clientToken = await t.signIn({ email: client?.email as string, password: DEMO_PASSWORD });
    const asked = (await t.request({ method: 'GET', url: '/api/requests', token: clientToken })).json().data;
    expect(asked.total).toBeGreaterThan(0);

    await seedDemoData(t.context, actor);
    expect(await t.context.db.selectFrom('document_requests').select(['id', 'status']).orderBy('id').execute()).toEqual(
      requests.map((request) => ({ id: request.id, status: request.status })),
    );
    expect(await readBells()).toEqual(bells);
    expect(await readWork()).toEqual(work);
  });

  // Read after the first seeding and again after the second, which must add nothing.
  const readBilling = async () => ({
    invoices: await t.context.db
      .selectFrom('invoices')
      .select(['id', 'firm_id', 'kind', 'status', 'number', 'total_paise', 'paid_paise', 'credited_paise'])
      .orderBy('id')
      .execute(),
    receipts: await t.context.db.selectFrom('receipts').select(['id', 'number', 'status']).orderBy('id').execute(),
    fees: await t.context.db
      .selectFrom('client_service_fees')
      .select(['client_id', 'service_id', 'amount_paise', 'basis'])
      .orderBy('client_id')
      .orderBy('service_id')
      .execute(),
    profiles: await t.context.db.selectFrom('billing_profiles').select(['firm_id', 'gstin', 'state']).execute(),
  });

  it("bills both firms' work: profiles, fees, invoices in every state, a credit note, and adds nothing again", async () => {
    const admin = await t.createUser('admin');
    const actor = { id: admin.id, role: 'admin' as const, firmId: null, status: 'active' as const, tokenId: 0 };
    const first = await seedDemoData(t.context, actor);
    const billing = await readBilling();

    // The catalogue's services carry the admin's SAC codes.
    const sac = await t.context.db.selectFrom('services').select(['service_name', 'sac_code']).execute();
    expect(Object.fromEntries(sac.map((row) => [row.service_name, row.sac_code]))).toMatchObject({
      'GST Return': '998231',
      'Income Tax Return (ITR)': '998232',
      'TAN Registration': '998231',
      'PAN Application': '998231',
      'Company Incorporation': '998213',
    });
    expect(new Set(billing.fees.map((fee) => fee.basis))).toEqual(
      new Set(['per_item', 'monthly', 'yearly', 'one_off']),
    );

    const mpcs = first.filter((account) => account.role === 'mpc');
    const kindsOfFirm: string[][] = [];
    for (const mpc of mpcs) {
      const token = await t.signIn({ email: mpc.email, password: DEMO_PASSWORD });
      const profile = (await t.request({ method: 'GET', url: '/api/billing/profile', token })).json().data;
      expect(profile).toMatchObject({ registration: 'regular', bank_account_masked: expect.stringMatching(/^XXXX/) });
      const invoices = (await t.request({ method: 'GET', url: '/api/invoices?limit=100', token })).json().data.data;
      const statuses = new Set(invoices.map((invoice: { status: string }) => invoice.status));
      expect(statuses, mpc.email).toEqual(new Set(['draft', 'issued', 'partly_paid', 'paid', 'cancelled']));
      kindsOfFirm.push([...new Set<string>(invoices.map((invoice: { supply_kind: string }) => invoice.supply_kind))]);
      type Listed = { id: number; status: string; due_date: string; invoice_date: string };
      // The part payment carries the client's TDS; the unpaid one is due the day it was issued, in the
      // ageing's 0-30 days now and overdue from tomorrow.
      const partly = invoices.find((invoice: Listed) => invoice.status === 'partly_paid');
      expect(partly.tds_paise).toBeGreaterThan(0);
      const issued = invoices.find((invoice: Listed) => invoice.status === 'issued');
      expect(issued.due_date).toBe(issued.invoice_date);
      const ageing = (await t.request({ method: 'GET', url: '/api/billing/ageing', token })).json().data;
      const owing = ageing.clients.find((row: { client_id: number }) => row.client_id === issued.client_id);
      expect(owing.days_0_30).toBe(issued.balance_paise);
      expect(ageing.totals.not_due).toBeGreaterThan(0);
      // A filed work item is billed through its line; the rest of the filed work waits in Ready to bill.
      const paid = invoices.find((invoice: Listed) => invoice.status === 'paid');
      const paidInvoice = (await t.request({ method: 'GET', url: `/api/invoices/${paid.id}`, token })).json().data;
      expect(paidInvoice.lines[0].work_item_ids).toHaveLength(1);
      const ready = (await t.request({ method: 'GET', url: '/api/billing/ready?kind=work', token })).json().data;
      expect(ready.data.length).toBeGreaterThan(0);
      expect(ready.data.map((entry: { work_item_id: number }) => entry.work_item_id)).not.toContain(
        paidInvoice.lines[0].work_item_ids[0],
      );
    }
    // Firm 1 in Karnataka bills its Karnataka clients intra-state and the Maharashtra-registered one
    // inter-state; firm 2 in Tamil Nadu bills them all inter-state.
    expect(new Set(kindsOfFirm[0])).toEqual(new Set(['intra_state', 'inter_state']));
    expect(kindsOfFirm[1]).toEqual(['inter_state']);

    // One credit note, firm 1's; one advance, on Vikram Singh's ledger.
    const notes = billing.invoices.filter((invoice) => invoice.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    const firmOne = billing.profiles.find((profile) => profile.state === 'Karnataka');
    expect(notes[0]?.firm_id).toBe(firmOne?.firm_id);
    const token = await t.signIn({ email: mpcs[0]?.email as string, password: DEMO_PASSWORD });
    const vikram = first.find((account) => account.email === 'vikram.singh@example.in');
    const vikramId = (
      await t.context.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', vikram?.email as string)
        .executeTakeFirstOrThrow()
    ).id;
    const ledger = (await t.request({ method: 'GET', url: `/api/clients/${vikramId}/ledger`, token })).json().data;
    expect(ledger.advance_paise).toBe(2_000_00);

    // The second run adds no invoice, receipt, fee or profile, and prints the same accounts: read from the
    // users after billing ran, they are as the first run read them before (billing changed no account).
    const again = await seedDemoData(t.context, actor);
    expect(again).toEqual(first);
    expect(await readBilling()).toEqual(billing);
  });
});
