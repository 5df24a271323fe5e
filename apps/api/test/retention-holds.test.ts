import { FILE_TRASH_MESSAGES } from '@portal/contract/file-trash';
import { RETENTION_MESSAGES } from '@portal/contract/retention';
import { describe, expect, it } from 'vitest';
import { purgeExpiredTrash } from '../src/modules/files/file-trash-purge.service.js';
import { purgeEndedRetentionHolds } from '../src/modules/retention/retention-purge.service.js';
import { bindApiCall } from './support/api-call.js';
import { uploadFileThroughApi } from './support/client-files.js';
import { clientFields, useAdmin, useFirm } from './support/firm.js';
import { createUserThroughApi } from './support/people.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { pdfNamed } from './support/trash.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(listTestDialects())('the retention schedule, legal holds and PMLA identity on %s', (dialect) => {
  const t = useTestApp('block', dialect);
  const admin = useAdmin('block', t);
  const firm = useFirm('block', t, { admin });
  const call = bindApiCall(t);
  const gst = () => firm.services[0] as number;
  const newClient = async (first: string, last: string) =>
    (
      await createUserThroughApi(
        t,
        firm.mpc.token,
        clientFields(firm.services, { first_name: first, last_name: last, pan_number: 'ABCPR1234K' }),
      )
    ).id;
  const userRow = (id: number) =>
    t.context.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('ships the schedule with its sources; the admin changes a period, never logs under a year', async () => {
    const schedule = (await call('GET', '/api/retention/classes', firm.mpc.token)).json().data;
    expect(schedule.map((row: { key: string; months: number }) => [row.key, row.months])).toEqual([
      ['gst_records', 72],
      ['books_of_account', 84],
      ['audit_working_papers', 84],
      ['client_due_diligence', 60],
      ['activity_logs', 12],
    ]);
    expect(schedule[0].source).toMatch(/^CGST Act 2017, section 36/);
    expect(schedule[1].source).toMatch(/Income-tax Rules 2026 rule 46/);
    const body = { months: 84, source: 'CGST Act 2017, section 36 (as amended)' };
    expect((await call('PUT', '/api/retention/classes/gst_records', firm.mpc.token, body)).statusCode).toBe(403);
    const fewLogs = await call('PUT', '/api/retention/classes/activity_logs', admin.token, { months: 6, source: 'x' });
    expect([fewLogs.statusCode, fewLogs.json().errors?.months]).toEqual([422, [RETENTION_MESSAGES.logMonthsTooFew]]);
    const unknown = await call('PUT', '/api/retention/classes/diaries', admin.token, body);
    expect(unknown.statusCode).toBe(422);
    const saved = await call('PUT', '/api/retention/classes/gst_records', admin.token, body);
    expect([saved.statusCode, saved.json().data.months]).toEqual([200, 84]);
    const event = await t.context.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'retention.class_saved')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.details as string)).toEqual({ class: 'gst_records', months_before: 72, months: 84 });
    // Back as shipped, for the tests below.
    await call('PUT', '/api/retention/classes/gst_records', admin.token, { months: 72, source: schedule[0].source });
  });

  it("lets the admin put a service's records in a class; a new service starts by its name", async () => {
    const services = (await call('GET', '/api/retention/services', admin.token)).json().data;
    expect(services.find((row: { id: number }) => row.id === gst()).record_class).toBe('gst_records');
    expect(services.find((row: { id: number }) => row.id === firm.services[1]).record_class).toBe('books_of_account');
    const wrong = await call('PUT', `/api/retention/services/${firm.services[1]}`, admin.token, {
      record_class: 'activity_logs',
    });
    expect([wrong.statusCode, wrong.json().errors?.record_class]).toEqual([422, [RETENTION_MESSAGES.classInvalid]]);
    expect(
      (await call('PUT', '/api/retention/services/999999', admin.token, { record_class: 'gst_records' })).statusCode,
    ).toBe(404);
    const audit = await call('PUT', `/api/retention/services/${firm.services[1]}`, admin.token, {
      record_class: 'audit_working_papers',
    });
    expect([audit.statusCode, audit.json().data.record_class]).toEqual([200, 'audit_working_papers']);
    await call('PUT', `/api/retention/services/${firm.services[1]}`, admin.token, { record_class: 'books_of_account' });
  });

  it('holds a client: no erasure, no trash purge, no delete for good, until the MPC releases it', async () => {
    const clientId = await newClient('Kiran', 'Rao');
    const hold = (payload: object) => call('POST', `/api/clients/${clientId}/legal-hold`, firm.mpc.token, payload);
    expect((await hold({ reason: '  ' })).json().errors?.reason).toEqual([RETENTION_MESSAGES.reasonRequired]);
    expect((await call('POST', `/api/clients/${clientId}/legal-hold`, firm.pc.token, { reason: 'x' })).statusCode).toBe(
      403,
    );
    const placed = await hold({ reason: 'GST audit notice for 2024-25' });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data.current).toMatchObject({ reason: 'GST audit notice for 2024-25', released_at: null });
    expect([(await hold({ reason: 'again' })).statusCode]).toEqual([409]);

    const erase = await call('POST', `/api/clients/${clientId}/erasure`, firm.mpc.token, { confirm_name: 'Kiran Rao' });
    expect([erase.statusCode, erase.json().message]).toEqual([409, RETENTION_MESSAGES.erasureOnHold]);
    expect((await call('GET', `/api/clients/${clientId}/erasure`, firm.mpc.token)).json().data.on_legal_hold).toBe(
      true,
    );

    // A file deleted into the trash stays there past the trash's period while the hold lasts.
    const upload = await uploadFileThroughApi(
      t,
      firm.mpc.token,
      { client_id: clientId, service_id: gst(), is_deleted: '1' },
      [{ field: 'file', name: 'notice.pdf', content: pdfNamed('notice') }],
    );
    const fileId = upload.json().data.file_id as number;
    expect((await call('DELETE', `/api/file/remove/${fileId}`, firm.mpc.token)).statusCode).toBe(200);
    const entry = await t.context.db
      .selectFrom('file_trash')
      .select('id')
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    t.clock.advance(31 * DAY);
    // A month on, the MPC signs in again (its session ended meanwhile).
    firm.mpc.token = await t.signIn(firm.mpc);
    await purgeExpiredTrash(t.context);
    expect(await t.context.db.selectFrom('file_trash').select('id').where('id', '=', entry.id).execute()).toHaveLength(
      1,
    );
    const purge = await call('DELETE', `/api/trash/${entry.id}`, firm.mpc.token);
    expect([purge.statusCode, purge.json().message]).toEqual([409, FILE_TRASH_MESSAGES.purgeOnHold]);

    const released = await call('POST', `/api/clients/${clientId}/legal-hold/release`, firm.mpc.token, {
      note: 'Closed',
    });
    expect(released.json().data).toMatchObject({ current: null, history: [{ release_note: 'Closed' }] });
    const twice = await call('POST', `/api/clients/${clientId}/legal-hold/release`, firm.mpc.token, { note: '' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, RETENTION_MESSAGES.holdNone]);
    await purgeExpiredTrash(t.context);
    expect(await t.context.db.selectFrom('file_trash').select('id').where('id', '=', entry.id).execute()).toEqual([]);
    // Nothing of it is a record a law keeps: everything goes, no hold is left behind.
    const erased = await call('POST', `/api/clients/${clientId}/erasure`, firm.mpc.token, {
      confirm_name: 'Kiran Rao',
    });
    expect([erased.statusCode, erased.json().data.held]).toEqual([200, []]);
    expect(
      await t.context.db.selectFrom('retention_holds').select('id').where('client_id', '=', clientId).execute(),
    ).toEqual([]);
    expect(await t.context.db.selectFrom('folders').select('id').where('client_id', '=', clientId).execute()).toEqual(
      [],
    );
    expect((await userRow(clientId)).first_name).toBe('Erased client');
    expect(
      (await t.context.db.selectFrom('audit_log').select('action').where('subject_id', '=', clientId).execute()).map(
        (row) => row.action,
      ),
    ).toEqual(expect.arrayContaining(['client.hold', 'client.hold_release', 'client.erased']));
  });

  it('skips a held client in the retention purge, and keeps a PMLA firm’s name and PAN for five years', async () => {
    expect((await call('PUT', '/api/firm/settings', firm.mpc.token, { pmla_reporting_entity: true })).statusCode).toBe(
      200,
    );
    const clientId = await newClient('Suresh', 'Pillai');
    const erased = await call('POST', `/api/clients/${clientId}/erasure`, firm.mpc.token, {
      confirm_name: 'Suresh Pillai',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const erasedOn = erased.json().data.erased_at.slice(0, 10);
    expect(erased.json().data.held).toEqual([
      expect.objectContaining({ record_class: 'client_due_diligence', financial_year: null }),
    ]);
    expect(await userRow(clientId)).toMatchObject({
      first_name: 'Suresh',
      last_name: 'Pillai',
      pan_number: 'ABCPR1234K',
      mobile_number: null,
    });
    const [hold] = await t.context.db
      .selectFrom('retention_holds')
      .selectAll()
      .where('client_id', '=', clientId)
      .execute();
    expect(hold?.held_until).toBe(`${Number(erasedOn.slice(0, 4)) + 5}${erasedOn.slice(4)}`);

    // Held by the firm: the purge passes it by, even past its day.
    expect(
      (await call('POST', `/api/clients/${clientId}/legal-hold`, firm.mpc.token, { reason: 'ED summons' })).statusCode,
    ).toBe(200);
    t.clock.advance(5 * 366 * DAY);
    expect(await purgeEndedRetentionHolds(t.context)).toBe(0);
    expect(
      (await t.context.db.selectFrom('retention_holds').select('id').where('client_id', '=', clientId).execute())
        .length,
    ).toBe(1);
    expect((await userRow(clientId)).pan_number).toBe('ABCPR1234K');
    await t.context.db
      .updateTable('legal_holds')
      .set({ released_at: t.clock.now().toISOString() })
      .where('client_id', '=', clientId)
      .execute();
    expect(await purgeEndedRetentionHolds(t.context)).toBe(1);
    const row = await userRow(clientId);
    expect([row.first_name, row.pan_number]).toEqual(['Erased client', null]);
    expect(row.last_name).not.toBe('Pillai');
  });
});
