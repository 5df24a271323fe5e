import { FILE_MESSAGES } from '@portal/contract/files';
import { RETENTION_MESSAGES } from '@portal/contract/retention';
import { beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredTrash } from '../src/modules/files/file-trash-purge.service.js';
import { purgeEndedRetentionHolds } from '../src/modules/retention/retention-purge.service.js';
import { findAadhaarLike } from './support/aadhaar.js';
import { bindApiCall } from './support/api-call.js';
import { BILLING_PROFILE, makeInvoice } from './support/billing.js';
import { uploadFileThroughApi } from './support/client-files.js';
import { clientFields, useAdmin, useFirm } from './support/firm.js';
import { createUserThroughApi } from './support/people.js';
import { secretValues, subFormsOf } from './support/secrets.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { pdfNamed } from './support/trash.js';

describe.each(listTestDialects())('erasing a client, held records and the purge on %s', (dialect) => {
  const t = useTestApp('block', dialect);
  const admin = useAdmin('block', t);
  const firm = useFirm('block', t, { admin });
  const call = bindApiCall(t);
  const secrets = secretValues();
  let client: { id: number; email: string; token: string };
  let fileId: number;
  let invoiceId: number;
  let filedId: number;
  let openId: number;
  let requestId: number;
  let downloadUrl: string;
  const gst = () => firm.services[0] as number;

  beforeAll(async () => {
    const made = await createUserThroughApi(
      t,
      firm.mpc.token,
      clientFields(firm.services, {
        first_name: 'Meera',
        last_name: 'Iyer',
        pan_number: 'ABCPI1234F',
        client_status_id: 1,
        additional_data: JSON.stringify(subFormsOf(secrets).individual.data),
      }),
    );
    client = { ...made, token: await t.signIn(made) };
    await call('POST', '/api/privacy/notice/accept', client.token, { version: 0 });
    const upload = await uploadFileThroughApi(
      t,
      firm.mpc.token,
      { client_id: client.id, service_id: gst(), is_deleted: '1' },
      [{ field: 'file', name: 'sales register.pdf', content: pdfNamed('sales') }],
    );
    expect(upload.statusCode, upload.body).toBe(201);
    fileId = upload.json().data.file_id;
    expect((await call('PUT', '/api/billing/profile', firm.mpc.token, BILLING_PROFILE)).statusCode).toBe(200);
    invoiceId = await makeInvoice(call, firm.mpc.token, client.id);
    await makeInvoice(call, firm.mpc.token, client.id, { draftOnly: true });
    const item = (status: string, isOpen: number, period: string) =>
      t.context.db
        .insertInto('work_items')
        .values({
          firm_id: firm.mpc.id,
          client_id: client.id,
          service_id: gst(),
          rule_id: null,
          period,
          title: `GSTR-3B ${period}`,
          due_date: '2026-11-20',
          event_date: null,
          assignee_id: null,
          status,
          is_open: isOpen,
          filed_on: isOpen ? null : '2026-11-18',
          ack_number: isOpen ? null : 'AA2910261234567',
          notes: null,
          created_by: firm.mpc.id,
          created_at: '2026-11-01T00:00:00.000Z',
          updated_at: '2026-11-01T00:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    filedId = (await item('filed', 0, '2026-10')).id;
    openId = (await item('not_started', 1, '2026-11')).id;
    const asked = await call('POST', '/api/me/rights-requests', client.token, { kind: 'erasure', details: 'Erase me' });
    expect(asked.statusCode, asked.body).toBe(201);
    requestId = asked.json().data.id;
    // An access download made ready, its link taken by the client but not followed yet.
    const access = (await call('POST', '/api/me/rights-requests', client.token, { kind: 'access' })).json().data.id;
    expect((await call('POST', `/api/rights-requests/${access}/download`, firm.mpc.token)).statusCode).toBe(200);
    const link = await call('POST', `/api/rights-requests/${access}/download-link`, client.token);
    expect(link.statusCode, link.body).toBe(200);
    downloadUrl = link.json().data.url;
  }, 120_000);

  const userRow = () =>
    t.context.db.selectFrom('users').selectAll().where('id', '=', client.id).executeTakeFirstOrThrow();
  const idsOf = async (table: 'work_items' | 'invoices' | 'files', ids: number[]) =>
    (await t.context.db.selectFrom(table).select('id').where('id', 'in', ids).execute()).map((row) => row.id);

  it('previews what goes at once and what the law keeps until when', async () => {
    const preview = await call('GET', `/api/clients/${client.id}/erasure`, firm.mpc.token);
    expect(preview.statusCode, preview.body).toBe(200);
    const plan = preview.json().data;
    expect(plan.held).toEqual([
      expect.objectContaining({
        record_class: 'gst_records',
        financial_year: '2026-27',
        // CGST Act s.36: 72 months from the annual return's due date, 31/12/2027.
        held_until: '2033-12-31',
        work_items: 1,
        invoices: 1,
        files: 1,
      }),
    ]);
    expect(plan.removed.find((row: { kind: string }) => row.kind === 'open_work').count).toBe(1);
    // Only the firm's MPC: its PC sees the client but may not erase it (403).
    expect((await call('GET', `/api/clients/${client.id}/erasure`, firm.pc.token)).statusCode).toBe(403);
  });

  it('refuses a name that is not the client’s and changes nothing', async () => {
    const wrong = await call('POST', `/api/clients/${client.id}/erasure`, firm.mpc.token, { confirm_name: 'Meera' });
    expect([wrong.statusCode, wrong.json().errors?.confirm_name]).toEqual([422, [RETENTION_MESSAGES.confirmNameWrong]]);
    expect((await userRow()).erased_at).toBeNull();
  });

  it('erases at once what no law holds, answers the request, and keeps filings, invoices and files under a pseudonym', async () => {
    const erased = await call('POST', `/api/clients/${client.id}/erasure`, firm.mpc.token, {
      confirm_name: '  meera   IYER ',
      rights_request_id: requestId,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const row = await userRow();
    expect(row).toMatchObject({
      first_name: 'Erased client',
      email: `erased-${client.id}@erased.invalid`,
      username: `erased-${client.id}`,
      pan_number: null,
      mobile_number: null,
      address: null,
      additional_data: null,
      password_hash: '',
      status: 'deactivated',
      erased_at: t.clock.now().toISOString(),
    });
    expect(row.last_name).toMatch(/^[0-9A-F]{6}$/);
    expect(
      await t.context.db.selectFrom('aadhaar_vault').select('id').where('owner_user_id', '=', client.id).execute(),
    ).toEqual([]);
    expect(findAadhaarLike(JSON.stringify(row))).toEqual([]);
    // The access download made before can no longer be taken.
    expect((await t.request({ method: 'GET', url: downloadUrl })).statusCode).toBeGreaterThanOrEqual(400);
    // Signed out for good, and never enabled again.
    expect((await call('GET', '/api/me', client.token)).statusCode).toBe(401);
    const enable = await call('PUT', '/api/user/updateStatus', firm.mpc.token, {
      user_id: client.id,
      status: 'active',
    });
    expect([enable.statusCode, enable.json().message]).toEqual([409, RETENTION_MESSAGES.erasedCannotEnable]);
    // Open work and drafts went; the filing, the issued invoice and the file are held.
    expect(await idsOf('work_items', [filedId, openId])).toEqual([filedId]);
    const invoices = await t.context.db
      .selectFrom('invoices')
      .select(['id', 'status'])
      .where('client_id', '=', client.id)
      .execute();
    expect(invoices).toEqual([{ id: invoiceId, status: 'issued' }]);
    expect(await idsOf('files', [fileId])).toEqual([fileId]);
    const holds = await t.context.db
      .selectFrom('retention_holds')
      .select(['record_class', 'fy_start', 'held_until'])
      .where('client_id', '=', client.id)
      .execute();
    expect(holds).toEqual([{ record_class: 'gst_records', fy_start: 2026, held_until: '2033-12-31' }]);

    // The request is answered with what stays until when, mailed to the address the client had.
    const request = await t.context.db
      .selectFrom('rights_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('answered');
    expect(request.answer).toContain('until 31/12/2033');
    const mails = await t.context.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject'])
      .where('recipient', '=', client.email)
      .execute();
    expect(mails).toHaveLength(1);

    // One event, with counts and days: nothing that names the person.
    const event = await t.context.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'client.erased')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ actor_id: firm.mpc.id, entity_id: client.id });
    const details = event.details as string;
    expect(JSON.parse(details)).toMatchObject({
      removed: { open_work: 1, draft_invoices: 1, aadhaar_numbers: 1 },
      held: [{ class: 'gst_records', year: 2026, until: '2033-12-31', work_items: 1, invoices: 1, files: 1 }],
    });
    for (const personal of ['Meera', 'Iyer', client.email, 'ABCPI1234F', secrets.aadhaar])
      expect(details).not.toContain(personal);
    // Nothing new is stored for it: an upload into its kept folders is refused and leaves no row.
    const late = await uploadFileThroughApi(
      t,
      firm.mpc.token,
      { client_id: client.id, service_id: gst(), is_deleted: '1' },
      [{ field: 'file', name: 'late.pdf', content: pdfNamed('late') }],
    );
    expect([late.statusCode, late.json().message]).toEqual([409, FILE_MESSAGES.clientErased]);
    expect(
      await t.context.db.selectFrom('files').select('id').where('client_id', '=', client.id).execute(),
    ).toHaveLength(1);
    // A held file deleted into the trash waits for its period, not the trash's 30 days.
    expect((await call('DELETE', `/api/file/remove/${fileId}`, firm.mpc.token)).statusCode).toBe(200);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    await purgeExpiredTrash(t.context);
    expect(await idsOf('files', [fileId])).toEqual([fileId]);
    firm.mpc.token = await t.signIn(firm.mpc);
    // Erased once: a second erasure is refused.
    const again = await call('POST', `/api/clients/${client.id}/erasure`, firm.mpc.token, {
      confirm_name: `${row.first_name} ${row.last_name}`,
    });
    expect([again.statusCode, again.json().message]).toEqual([409, RETENTION_MESSAGES.alreadyErased]);
  });

  it('purges the held records the day after their period ends, blobs through tombstones, and leaves the log', async () => {
    const blobKey = await t.context.db
      .selectFrom('files')
      .select(['client_id', 'store_name'])
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    const key = t.context.files.keyOf(blobKey.client_id, blobKey.store_name);
    // The last day kept: nothing goes.
    t.clock.set(new Date('2033-12-31T12:00:00.000Z'));
    expect(await purgeEndedRetentionHolds(t.context)).toBe(0);
    expect(await idsOf('files', [fileId])).toEqual([fileId]);
    // 1 January 2034, India time.
    t.clock.set(new Date('2033-12-31T19:00:00.000Z'));
    expect(await purgeEndedRetentionHolds(t.context)).toBe(1);
    expect(await idsOf('work_items', [filedId])).toEqual([]);
    expect(await idsOf('invoices', [invoiceId])).toEqual([]);
    expect(await idsOf('files', [fileId])).toEqual([]);
    expect(
      await t.context.db.selectFrom('removed_blobs').select('id').where('blob_key', '=', key).execute(),
    ).toHaveLength(1);
    expect(
      await t.context.db.selectFrom('retention_holds').select('id').where('client_id', '=', client.id).execute(),
    ).toEqual([]);
    const purged = await t.context.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'retention.purged')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(purged.details as string)).toMatchObject({
      class: 'gst_records',
      year: 2026,
      work_items: 1,
      invoices: 1,
      files: 1,
    });
    // The pseudonymous row stays: the activity log still points at it.
    expect((await userRow()).first_name).toBe('Erased client');
  });
});
