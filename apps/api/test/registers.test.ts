import type { DscCertificate, RegisterSummary, UdinRow } from '@portal/contract/registers';
import { beforeEach, describe, expect, it } from 'vitest';
import { runDailyDigest } from '../src/modules/notifications/daily-digest.service.js';
import { bindApiCall } from './support/api-call.js';
import { assignFirmStaff, useFirmApp } from './support/firm.js';
import { readOutbox } from './support/mail-server.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork, tieRule } from './support/work.js';

// The test clock starts on 1 April 2026, 14:30 in India.
const CERTIFICATE = {
  holder_name: 'Meena Shah',
  class: 'class3',
  issued_by: 'eMudhra',
  valid_from: '2024-04-20',
  valid_until: '2026-04-20',
  token_serial: 'EPASS-2003-1187',
  custody: 'client',
};

describe.each(listTestDialects())('the registers on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const call = bindApiCall(t);
  let gst: number;

  beforeEach(async () => {
    gst = firm.services[0] as number;
    await assignFirmStaff(t, firm, { pc: gst });
  });

  const addDsc = async (token: string, fields: object = {}) =>
    call('POST', `/api/clients/${firm.client.id}/dsc`, token, { ...CERTIFICATE, ...fields });

  it('records one of two custody moves sent at once; the other is told it is already in', async () => {
    const dsc = (await addDsc(firm.pc.token)).json().data as DscCertificate;
    const move = (person: string) =>
      call('POST', `/api/dsc/${dsc.id}/custody`, firm.pc.token, { direction: 'in', on_date: '2026-03-30', person });
    const answers = await Promise.all([move('Meena'), move('Ravi')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const read = (await call('GET', `/api/clients/${firm.client.id}/dsc`, firm.pc.token)).json().data;
    expect(read[0].custody).toBe('firm');
    expect(read[0].custody_events).toHaveLength(1);
  });

  it('keeps a client certificate, its custody in and out with dates and who, and shows it expiring', async () => {
    const added = await addDsc(firm.pc.token);
    expect(added.statusCode).toBe(201);
    const dsc = added.json().data as DscCertificate;
    expect(dsc).toMatchObject({
      holder_name: 'Meena Shah',
      class: 'class3',
      custody: 'client',
      days_left: 19,
      expiring: true,
      expired: false,
      permissions: { manage: true },
    });

    const inUrl = `/api/dsc/${dsc.id}/custody`;
    const taken = await call('POST', inUrl, firm.pc.token, { direction: 'in', on_date: '2026-03-30', person: 'Meena' });
    expect(taken.json().data.custody).toBe('firm');
    const again = await call('POST', inUrl, firm.pc.token, { direction: 'in', on_date: '2026-03-31', person: 'Meena' });
    expect(again.statusCode).toBe(409);
    const future = await call('POST', inUrl, firm.pc.token, { direction: 'out', on_date: '2026-04-02', person: 'M' });
    expect(future.json().errors).toEqual({ on_date: ['The date may not be in the future.'] });
    const back = await call('POST', inUrl, firm.mpc.token, {
      direction: 'out',
      on_date: '2026-04-01',
      person: 'Ravi (driver)',
      note: 'for the bank',
    });
    const events = (back.json().data as DscCertificate).custody_events;
    expect(events.map((event) => [event.direction, event.on_date, event.person, event.note])).toEqual([
      ['in', '2026-03-30', 'Meena', null],
      ['out', '2026-04-01', 'Ravi (driver)', 'for the bank'],
    ]);
    expect(events[1]?.recorded_by?.id).toBe(firm.mpc.id);

    // The client reads its own, custody included, and may change nothing.
    const own = await call('GET', `/api/clients/${firm.client.id}/dsc`, firm.client.token);
    expect(own.json().data).toMatchObject([{ id: dsc.id, custody: 'client', permissions: { manage: false } }]);
    expect((await call('DELETE', `/api/dsc/${dsc.id}`, firm.client.token)).statusCode).toBe(403);
    // Nobody outside the firm knows it exists.
    expect((await call('GET', `/api/clients/${firm.client.id}/dsc`, admin.token)).statusCode).toBe(404);

    const saved = await call('PUT', `/api/dsc/${dsc.id}`, firm.mpc.token, {
      ...CERTIFICATE,
      valid_until: '2027-04-19',
    });
    expect(saved.json().data).toMatchObject({ valid_until: '2027-04-19', expiring: false });
    expect((await call('DELETE', `/api/dsc/${dsc.id}`, firm.mpc.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/clients/${firm.client.id}/dsc`, firm.mpc.token)).json().data).toEqual([]);
  });

  it('refuses a certificate with an unknown class, an expiry before its start or over 3 years', async () => {
    const wrong = await addDsc(firm.mpc.token, { class: 'class1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ class: ['Choose Class 3, DGFT or Class 2.'] });
    const before = await addDsc(firm.mpc.token, { valid_from: '2026-01-01', valid_until: '2025-12-31' });
    expect(before.json().errors).toEqual({ valid_until: ['The expiry date must be after the date it is valid from.'] });
    const long = await addDsc(firm.mpc.token, { valid_from: '2026-01-01', valid_until: '2029-06-30' });
    expect(long.json().errors).toEqual({ valid_until: ['A certificate is valid for at most 3 years.'] });
  });

  it('lists the firm register by expiry a page at a time, and within a number of days', async () => {
    for (const until of ['2026-06-30', '2026-04-10', '2026-04-25', '2027-01-01'])
      expect((await addDsc(firm.mpc.token, { valid_until: until, valid_from: null })).statusCode).toBe(201);
    const first = (await call('GET', '/api/registers/dsc?limit=2', firm.mpc.token)).json().data;
    expect(first.data.map((row: DscCertificate) => row.valid_until)).toEqual(['2026-04-10', '2026-04-25']);
    const second = await call('GET', `/api/registers/dsc?limit=2&after=${first.next}`, firm.mpc.token);
    expect(second.json().data.data.map((row: DscCertificate) => row.valid_until)).toEqual(['2026-06-30', '2027-01-01']);
    expect(second.json().data.next).toBeNull();
    // A cursor whose id is past any row id is refused as a bad cursor, never a database error.
    expect((await call('GET', '/api/registers/dsc?after=2026-04-10_99999999999', firm.mpc.token)).statusCode).toBe(422);
    expect((await call('GET', '/api/registers/udin?after=2026-04-10_99999999999', firm.mpc.token)).statusCode).toBe(
      200,
    );
    const soon = (await call('GET', '/api/registers/dsc?days=30', firm.mpc.token)).json().data.data;
    expect(soon.map((row: DscCertificate) => row.valid_until)).toEqual(['2026-04-10', '2026-04-25']);
    expect((await call('GET', '/api/registers/dsc', firm.client.token)).statusCode).toBe(403);
  });

  it('takes a checked UDIN on a work item and flags signed items without one, overdue after 60 days', async () => {
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', gst);
    const [march, april] = await listAllWork(t);
    const marchUrl = `/api/work/${march?.id}`;
    const bad = await call('PUT', marchUrl, firm.pc.token, { udin: '26ABC', signed_on: '2026-03-20' });
    expect(bad.json().errors).toEqual({
      udin: [
        'Enter the 18-character UDIN: the 2-digit year, the 6-digit membership number, then 10 letters or digits.',
      ],
    });
    const noDate = await call('PUT', marchUrl, firm.pc.token, { udin: '26123456ABCDEF1234' });
    expect(noDate.json().errors).toEqual({ signed_on: ['Enter the date the document was signed with its UDIN.'] });
    const wrongYear = await call('PUT', marchUrl, firm.pc.token, {
      udin: '24123456ABCDEF1234',
      signed_on: '2026-03-20',
    });
    expect(wrongYear.json().errors).toEqual({
      udin: ['The UDIN year must be the year of signing, or of the 60 days after it.'],
    });
    const saved = await call('PUT', marchUrl, firm.pc.token, { udin: '26-123456-abcdef1234', signed_on: '2026-03-20' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ udin: '26123456ABCDEF1234', signed_on: '2026-03-20' });
    // Signed on 20 January without a UDIN: past ICAI's 60 days (the last day was 20 March).
    expect((await call('PUT', `/api/work/${april?.id}`, firm.pc.token, { signed_on: '2026-01-20' })).statusCode).toBe(
      200,
    );

    const register = (await call('GET', '/api/registers/udin', firm.mpc.token)).json().data.data as UdinRow[];
    expect(register.map((row) => [row.work_id, row.udin, row.deadline, row.missing, row.overdue])).toEqual([
      [march?.id, '26123456ABCDEF1234', '2026-05-18', false, false],
      [april?.id, null, '2026-03-20', true, true],
    ]);
    const overdue = (await call('GET', '/api/registers/udin?filter=overdue', firm.pc.token)).json().data.data;
    expect(overdue.map((row: UdinRow) => row.work_id)).toEqual([april?.id]);
    expect((await call('GET', '/api/registers/udin', firm.client.token)).statusCode).toBe(403);
  });

  it('counts DSCs expiring and UDINs missing on the dashboards and mails them in the digest', async () => {
    await addDsc(firm.mpc.token);
    await addDsc(firm.mpc.token, { valid_until: '2026-12-31' });
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', gst);
    const [march] = await listAllWork(t);
    await call('PUT', `/api/work/${march?.id}`, firm.mpc.token, { signed_on: '2026-03-25' });

    const summary = (await call('GET', '/api/registers/summary', firm.mpc.token)).json().data as RegisterSummary;
    expect(summary).toMatchObject({ dsc_expiring: 1, udin_missing: 1, udin_overdue: 0 });
    expect(summary.expiring.map((dsc) => dsc.valid_until)).toEqual(['2026-04-20']);
    expect(summary.missing.map((row) => row.work_id)).toEqual([march?.id]);
    const pcSummary = (await call('GET', '/api/registers/summary', firm.pc.token)).json().data as RegisterSummary;
    expect(pcSummary).toMatchObject({ dsc_expiring: 1, udin_missing: 1 });

    await runDailyDigest(t.context);
    await t.context.mail.deliverDue();
    const digest = (await readOutbox(t.dataDir)).find(
      (mail) => mail.to === firm.mpc.email && mail.subject.includes('your work for'),
    );
    expect(digest?.subject).toContain('1 DSC expiring, 1 UDIN missing');
    expect(digest?.text).toContain('DSCs expiring in 30 days (1):');
    expect(digest?.text).toContain('Meena Shah');
    expect(digest?.text).toContain('valid until 20/04/2026');
    expect(digest?.text).toContain('UDINs missing on signed work: 1.');
  });
});
