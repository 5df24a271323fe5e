import { PRODUCT_NAME } from '@portal/contract/product';
import type { DocumentRequest } from '@portal/contract/requests';
import { beforeEach, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { assignFirmStaff, buildFirm, type TestFirm } from './support/firm.js';
import { readOutbox } from './support/mail-server.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { askForDocuments, mustAskForDocuments, reviewItem, uploadForRequest } from './support/requests.js';
import { createTestApp, useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork, tieRule } from './support/work.js';

describe.each(listTestDialects())('document requests of a work item on %s', (dialect) => {
  const t = useTestApp('test', dialect);
  let firm: TestFirm;
  let gst: number;
  let march: { id: number };
  let april: { id: number };

  const call = bindApiCall(t);
  const workOf = async (id: number, token = firm.mpc.token) =>
    (await call('GET', `/api/work/${id}`, token)).json().data;
  const statusMoves = (work: { history: { field: string; from: string; to: string }[] }) =>
    work.history.filter((entry) => entry.field === 'status').map((entry) => `${entry.from} -> ${entry.to}`);
  const itemsOf = (request: DocumentRequest) => request.items.map((item) => [item.name, item.status, item.reason]);

  beforeEach(async () => {
    // The test clock: 1 April 2026, 14:30 in India.
    const adminToken = await t.signIn(await t.createUser('admin'));
    firm = await buildFirm(t, adminToken);
    gst = firm.services[0] as number;
    await assignFirmStaff(t, firm, { pc: gst });
    await tieRule(t, adminToken, 'GSTR3B_MONTHLY', gst);
    [march, april] = (await listAllWork(t)) as unknown as [{ id: number }, { id: number }];
  });

  it('asks, the client uploads into the period folder, staff reject with a reason and accept, the work goes back', async () => {
    const made = await askForDocuments(t, firm.mpc.token, march.id, {
      items: ['Sales register March', 'Purchase invoices', 'Bank statement'],
      message: 'For the March GSTR-3B, please.',
      due_date: '2026-04-10',
    });
    expect(made.statusCode).toBe(201);
    const request = made.json().data as DocumentRequest;
    expect(request).toMatchObject({
      work_item: { id: march.id, title: 'GSTR-3B · Mar 2026', period_label: 'Mar 2026', service_id: gst },
      client: { id: firm.client.id },
      message: 'For the March GSTR-3B, please.',
      due_date: '2026-04-10',
      overdue: false,
      status: 'open',
      created_by: { id: firm.mpc.id },
      reminders_sent: 0,
      permissions: { manage: true, upload: false },
    });
    expect(itemsOf(request)).toEqual([
      ['Sales register March', 'pending', null],
      ['Purchase invoices', 'pending', null],
      ['Bank statement', 'pending', null],
    ]);
    expect((await workOf(march.id)).status).toBe('awaiting_documents');

    // The request mail, in the outbox (no SMTP here): the checklist, the message, the date.
    await t.context.mail.deliverDue();
    const mails = (await readOutbox(t.dataDir)).filter((entry) => /documents needed/.test(entry.subject));
    expect(mails.map((entry) => [entry.to, entry.subject])).toEqual([
      [firm.client.email, `${PRODUCT_NAME}: documents needed for GSTR-3B · Mar 2026`],
    ]);
    const [mail] = mails;
    expect(mail?.text).toContain('by 10/04/2026');
    for (const text of ['• Sales register March', '• Bank statement', 'Message: For the March GSTR-3B, please.'])
      expect(mail?.text).toContain(text);

    // The client sees it open, with the right to upload; the PC who handles the service may review it.
    const mine = (await call('GET', '/api/requests', firm.client.token)).json().data;
    expect(mine.total).toBe(1);
    expect(mine.data[0]).toMatchObject({ id: request.id, permissions: { manage: false, upload: true } });
    const [sales, invoices, bank] = request.items as unknown as [{ id: number }, { id: number }, { id: number }];

    const first = await uploadForRequest(t, firm.client.token, request.id, sales.id, { name: 'sales-march.pdf' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.items[0]).toMatchObject({
      status: 'uploaded',
      files: [{ file_name: 'sales-march.pdf', uploaded_by: { id: firm.client.id } }],
    });
    // Stored in the service's folder for the period, like any upload of that service.
    const top = (await call('GET', `/api/serviceFiles/${firm.client.id}/${gst}`, firm.mpc.token)).json().data;
    const folder = top.folders.find((entry: { folder_name: string }) => entry.folder_name === 'Mar 2026');
    expect(folder).toMatchObject({ files: 1 });
    const inside = (
      await call('GET', `/api/fileFolder/${firm.client.id}/${gst}/${folder.folder_id}`, firm.pc.token)
    ).json().data;
    expect(inside.files.map((file: { file_name: string }) => file.file_name)).toEqual(['sales-march.pdf']);

    const rejected = await reviewItem(t, firm.pc.token, request.id, sales.id, {
      status: 'rejected',
      reason: 'This is February; send March.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().message).toBe('Document rejected. The client has been asked for it again.');
    expect(rejected.json().data.items[0]).toMatchObject({
      status: 'rejected',
      reason: 'This is February; send March.',
      reviewed_by: { id: firm.pc.id },
    });
    // Uploaded again (into the same folder), then accepted: the reason goes.
    expect((await uploadForRequest(t, firm.client.token, request.id, sales.id)).statusCode).toBe(201);
    const accepted = await reviewItem(t, firm.pc.token, request.id, sales.id, { status: 'accepted' });
    expect(accepted.json().data.items[0]).toMatchObject({ status: 'accepted', reason: null });
    expect(accepted.json().data.items[0].files).toHaveLength(2);
    expect(accepted.json().data.status).toBe('open');
    const again = (await call('GET', `/api/serviceFiles/${firm.client.id}/${gst}`, firm.mpc.token)).json().data;
    expect(again.folders.filter((entry: { folder_name: string }) => entry.folder_name === 'Mar 2026')).toHaveLength(1);

    for (const item of [invoices, bank]) {
      expect((await uploadForRequest(t, firm.client.token, request.id, item.id)).statusCode).toBe(201);
      expect((await reviewItem(t, firm.mpc.token, request.id, item.id, { status: 'accepted' })).statusCode).toBe(200);
    }
    const done = (await call('GET', `/api/requests/${request.id}`, firm.client.token)).json().data;
    expect(done).toMatchObject({ status: 'complete', closed_at: t.clock.now().toISOString() });
    expect(done.permissions).toEqual({ manage: false, upload: false, send_link: false });
    expect((await call('GET', '/api/requests', firm.client.token)).json().data.total).toBe(0);
    expect((await call('GET', '/api/requests?status=complete', firm.client.token)).json().data.total).toBe(1);

    // The work item is back where it was, each move in its history; its page lists the request.
    const work = await workOf(march.id);
    expect(work.status).toBe('not_started');
    expect(statusMoves(work)).toEqual(['not_started -> awaiting_documents', 'awaiting_documents -> not_started']);
    expect(work.requests.map((entry: DocumentRequest) => [entry.id, entry.status])).toEqual([[request.id, 'complete']]);
    const clientView = await workOf(march.id, firm.client.token);
    expect(clientView.requests[0].items.map((item: { status: string }) => item.status)).toEqual([
      'accepted',
      'accepted',
      'accepted',
    ]);
    expect(clientView).not.toHaveProperty('history');
  });

  it("puts the client's upload in a shared period folder beside a firm-only one of the same name", async () => {
    // Staff keep their own "Mar 2026" working folder, firm-only.
    const hidden = await call('POST', '/api/folder/create', firm.mpc.token, {
      folder_name: 'Mar 2026',
      client_id: firm.client.id,
      service_id: gst,
      visibility: 'firm',
    });
    expect(hidden.statusCode).toBe(201);
    const request = await mustAskForDocuments(t, firm.mpc.token, march.id, {
      items: ['Sales register'],
      due_date: '2026-04-10',
    });
    const sent = await uploadForRequest(t, firm.client.token, request.id, request.items[0]?.id as number, {
      name: 'sales.pdf',
    });
    expect(sent.statusCode).toBe(201);
    // The client finds its upload in a folder it sees, and downloads it.
    const top = (await call('GET', `/api/serviceFiles/${firm.client.id}/${gst}`, firm.client.token)).json().data;
    const shared = top.folders.find((entry: { folder_name: string }) => entry.folder_name === 'Mar 2026');
    expect(shared).toMatchObject({ visibility: 'shared', files: 1 });
    expect(shared.folder_id).not.toBe(hidden.json().data.folder_id);
    const fileId = sent.json().data.items[0].files[0].file_id as number;
    expect((await call('GET', `/api/file/download/${fileId}`, firm.client.token)).statusCode).toBe(200);
  });

  it('cancels a request: no more uploads, the work item back to the status it had', async () => {
    await call('PUT', `/api/work/${april.id}`, firm.pc.token, { status: 'in_progress' });
    const request = await mustAskForDocuments(t, firm.pc.token, april.id);
    expect((await workOf(april.id)).status).toBe('awaiting_documents');

    const cancelled = await call('POST', `/api/requests/${request.id}/cancel`, firm.pc.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: 'Request cancelled.', data: { status: 'cancelled' } });
    expect((await workOf(april.id)).status).toBe('in_progress');

    const item = request.items[0] as { id: number };
    const late = await uploadForRequest(t, firm.client.token, request.id, item.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This request is no longer open.');
    expect((await call('POST', `/api/requests/${request.id}/cancel`, firm.pc.token)).statusCode).toBe(409);
    expect((await call('GET', '/api/requests', firm.client.token)).json().data.total).toBe(0);
  });

  it('keeps the item waiting while any request of it is open, and closing the item cancels them', async () => {
    const one = await mustAskForDocuments(t, firm.mpc.token, april.id);
    const two = await mustAskForDocuments(t, firm.mpc.token, april.id, {
      items: ['Bank statement'],
      due_date: '2026-04-15',
    });
    await call('POST', `/api/requests/${one.id}/cancel`, firm.mpc.token);
    expect((await workOf(april.id)).status).toBe('awaiting_documents');
    await call('POST', `/api/requests/${two.id}/cancel`, firm.mpc.token);
    expect((await workOf(april.id)).status).toBe('not_started');

    // Staff move the item on by hand and file it while a request is open: the request stops.
    const three = await mustAskForDocuments(t, firm.mpc.token, march.id);
    await call('PUT', `/api/work/${march.id}`, firm.pc.token, { status: 'under_review' });
    const filed = await call('PUT', `/api/work/${march.id}`, firm.pc.token, {
      status: 'filed',
      ack_number: 'AA290326012345',
    });
    expect(filed.statusCode).toBe(200);
    const closed = (await call('GET', `/api/requests/${three.id}`, firm.mpc.token)).json().data;
    expect(closed).toMatchObject({ status: 'cancelled', closed_at: expect.any(String) });
    const refused = await askForDocuments(t, firm.mpc.token, march.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Documents can be requested only for work still to do.');
  });

  it('mails what staff typed without the links in it: the mail leads only to the portal', async () => {
    const made = await askForDocuments(t, firm.mpc.token, march.id, {
      items: ['Re-verify your PAN at http://evil.test/kyc', 'Bank statement'],
      message: 'URGENT: verify at evil.test/kyc or write to kyc@evil.test',
      due_date: '2026-04-10',
    });
    expect(made.statusCode).toBe(201);
    // In the portal the text stays as typed.
    expect((made.json().data as DocumentRequest).items[0]?.name).toBe('Re-verify your PAN at http://evil.test/kyc');
    await t.context.mail.deliverDue();
    const [mail] = (await readOutbox(t.dataDir)).filter((entry) => /documents needed/.test(entry.subject));
    expect(mail?.text).toContain('• Re-verify your PAN at [link removed]');
    expect(mail?.text).toContain('Message: URGENT: verify at [link removed] or write to [link removed]');
    expect(`${mail?.text}${mail?.html}`).not.toContain('evil.test');
    expect(mail?.text).toContain('/client/dashboard');
  });

  it('refuses bad input with a clear error for each field, and writes nothing', async () => {
    const url = `/api/work/${april.id}/requests`;
    const expectErrors = async (body: object, errors: Record<string, string[]>, status = 422) => {
      const response = await call('POST', url, firm.mpc.token, body);
      expect([response.statusCode, response.json().errors]).toEqual([status, errors]);
    };
    await expectErrors({ items: [], due_date: '2026-04-10' }, { items: ['Name at least one document.'] });
    await expectErrors(
      { items: ['Sales register', ' sales REGISTER '], due_date: '2026-04-10' },
      { items: ['Each document may be named only once.'] },
    );
    await expectErrors(
      { items: ['Sales register', '  ', 'x'.repeat(201)], due_date: '2026-04-10' },
      {
        'items.1': ['Name the document.'],
        'items.2': ["A document's name may not be longer than 200 characters."],
      },
    );
    await expectErrors(
      { items: Array.from({ length: 21 }, (_, index) => `Invoice ${index}`), due_date: '2026-04-10' },
      { items: ['Ask for at most 20 documents in one request.'] },
    );
    await expectErrors({ items: ['Sales register'] }, { due_date: ['Enter a date as yyyy-mm-dd.'] });
    await expectErrors(
      { items: ['Sales register'], due_date: '2026-03-31' },
      { due_date: ['The date the documents are needed by may not be in the past.'] },
    );
    await expectErrors(
      { items: ['Sales register'], due_date: '2026-04-10', message: 'm'.repeat(2001) },
      { message: ['The message may not be longer than 2000 characters.'] },
    );
    await expectErrors(
      { items: ['Sales register'], due_date: '2026-04-10', client_id: firm.client.id },
      { client_id: ['This field is not allowed.'] },
      400,
    );
    expect(await t.context.db.selectFrom('document_requests').selectAll().execute()).toEqual([]);
    expect((await workOf(april.id)).status).toBe('not_started');

    const request = await mustAskForDocuments(t, firm.mpc.token, april.id);
    const [sales] = request.items as unknown as [{ id: number }];
    const review = (body: object, itemId = sales.id) =>
      call('PUT', `/api/requests/${request.id}/items/${itemId}`, firm.pc.token, body);
    expect((await review({ status: 'rejected' })).json().errors).toEqual({
      reason: ['Give the client a reason for rejecting the document.'],
    });
    expect((await review({ status: 'accepted', reason: 'Fine' })).json().errors).toEqual({
      reason: ['A reason belongs to a rejected document.'],
    });
    expect((await review({ status: 'pending' })).json().errors).toEqual({ status: ['Choose accepted or rejected.'] });
    const early = await review({ status: 'accepted' });
    expect([early.statusCode, early.json().message]).toEqual([409, 'Nothing has been uploaded for this document yet.']);
    const elsewhere = await mustAskForDocuments(t, firm.mpc.token, march.id);
    const foreign = await review({ status: 'accepted' }, (elsewhere.items[0] as { id: number }).id);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'This document is not part of the request.']);
    expect((await call('GET', '/api/requests?status=everything', firm.client.token)).json().errors).toEqual({
      status: ['Choose open, complete or cancelled.'],
    });

    await uploadForRequest(t, firm.client.token, request.id, sales.id);
    await review({ status: 'accepted' });
    const twice = await uploadForRequest(t, firm.client.token, request.id, sales.id);
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'This document has already been accepted.']);
    expect((await review({ status: 'rejected', reason: 'Changed my mind' })).statusCode).toBe(409);
  });

  it('takes only the file types any upload may have, keeps nothing of a refused one', async () => {
    const request = await mustAskForDocuments(t, firm.mpc.token, april.id);
    const [sales] = request.items as unknown as [{ id: number }];
    const client = firm.client.token;
    const filesBefore = await t.context.db.selectFrom('files').select('id').execute();

    const exe = await uploadForRequest(t, client, request.id, sales.id, {
      name: 'register.exe',
      content: SAMPLE_FILES.exe,
    });
    expect(exe.statusCode).toBe(415);
    const html = await uploadForRequest(t, client, request.id, sales.id, {
      name: 'register.pdf',
      content: SAMPLE_FILES.html,
    });
    expect(html.statusCode).toBe(415);
    const none = await t.request({
      method: 'POST',
      url: `/api/requests/${request.id}/items/${sales.id}/upload`,
      token: client,
      payload: '--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect([none.statusCode, none.json().errors]).toEqual([422, { file: ['Please select file'] }]);
    const extra = await uploadForRequest(t, client, request.id, sales.id, {}, { client_id: String(firm.client.id) });
    expect([extra.statusCode, extra.json().errors]).toEqual([400, { client_id: ['This field is not allowed.'] }]);
    // Staff ask; they do not upload in the client's name.
    expect((await uploadForRequest(t, firm.mpc.token, request.id, sales.id)).statusCode).toBe(403);

    expect(await t.context.db.selectFrom('files').select('id').execute()).toEqual(filesBefore);
    expect(
      await t.context.db.selectFrom('folders').select('id').where('client_id', '=', firm.client.id).execute(),
    ).toEqual([]);
    const after = (await call('GET', `/api/requests/${request.id}`, client)).json().data;
    expect(after.items[0]).toMatchObject({ status: 'pending', files: [] });

    const png = await uploadForRequest(t, client, request.id, sales.id, {
      name: 'scan.png',
      content: SAMPLE_FILES.png,
    });
    expect(png.statusCode).toBe(201);
  });

  it('lets the MPC choose how often requests remind the client', async () => {
    const url = '/api/firm/settings';
    const settings = (days: number) => ({
      request_reminder_days: days,
      checklist_before_closing: false,
      complete_only_when_billed: false,
      invoice_reminder_days: null,
      file_versions_kept: 10,
      request_links_enabled: true,
      trash_days: 30,
      rights_response_days: 30,
      pmla_reporting_entity: false,
    });
    expect((await call('GET', url, firm.mpc.token)).json().data).toEqual(settings(3));
    const saved = await call('PUT', url, firm.mpc.token, { request_reminder_days: 5 });
    expect(saved.json()).toEqual({
      status: 'success',
      message: 'Firm settings saved.',
      data: settings(5),
    });
    expect((await call('GET', url, firm.mpc.token)).json().data).toEqual(settings(5));
    for (const days of [0, 31, 2.5, '3'])
      expect((await call('PUT', url, firm.mpc.token, { request_reminder_days: days })).json().errors).toEqual({
        request_reminder_days: ['Choose a whole number of days from 1 to 30.'],
      });
    for (const token of [firm.pc.token, firm.executor.token, firm.client.token])
      expect((await call('PUT', url, token, { request_reminder_days: 4 })).statusCode).toBe(403);
  });
});

describe.each(listTestDialects())('a document request upload over the size limit on %s', (dialect) => {
  it('answers 413 and keeps no file, row or folder', async () => {
    const t = await createTestApp(dialect, { env: { MAX_UPLOAD_MB: '1' } });
    try {
      const adminToken = await t.signIn(await t.createUser('admin'));
      const firm = await buildFirm(t, adminToken);
      await tieRule(t, adminToken, 'GSTR3B_MONTHLY', firm.services[0] as number);
      const [work] = (await listAllWork(t)) as unknown as [{ id: number }];
      const request = await mustAskForDocuments(t, firm.mpc.token, work.id);
      const big = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(1024 * 1024 + 10, 0x20)]);
      const response = await uploadForRequest(
        t,
        firm.client.token,
        request.id,
        (request.items[0] as { id: number }).id,
        {
          content: big,
        },
      );
      expect(response.statusCode).toBe(413);
      expect(await t.context.db.selectFrom('files').select('id').execute()).toEqual([]);
      expect(await t.context.db.selectFrom('folders').select('id').execute()).toEqual([]);
      expect(await t.context.db.selectFrom('document_request_files').select('id').execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
