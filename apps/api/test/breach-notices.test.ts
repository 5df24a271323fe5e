import { afterEach, describe, expect, it } from 'vitest';
import { readDataProtectionContact } from '../src/modules/breaches/breach-hooks.js';
import { bindApiCall } from './support/api-call.js';
import { readAuditEvents } from './support/audit-log.js';
import { recordBreach } from './support/breaches.js';
import { clientFields, useFirm, useFirmApp } from './support/firm.js';
import { readOutbox } from './support/mail-server.js';
import { createUserThroughApi } from './support/people.js';
import { listTestDialects } from './support/test-database.js';

const SUBJECT = 'Practice Portal: notice of a personal data breach';

/**
 * A breach entry's notices (DPDP Rules 2025 rule 7(1), docs/decisions/0045): each affected person's, mailed
 * through the queue once however often it is sent, listed with the queue's status, every typed value kept
 * out of the mail's headers and escaped in its HTML.
 */
describe.each(listTestDialects())('breach notices on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('block', dialect);
  const other = useFirm('block', t, { admin, sharing: firm });
  const call = bindApiCall(t);

  afterEach(() => {
    // Back to no contact kept (the privacy module's reader is wired by the integrator).
    readDataProtectionContact.provide(async () => null);
  });

  const send = (id: number, token: string) => call('POST', `/api/breaches/${id}/notices`, token);
  const noticesOf = async (id: number, token: string) =>
    (await call('GET', `/api/breaches/${id}/notices?limit=100`, token)).json().data.data as {
      person: { id: number } | null;
      status: string;
      sent_at: string | null;
    }[];
  /** The breach notices the outbox holds for `email`, once the queue has delivered what it holds. */
  const noticeMailsTo = async (email: string) => {
    await t.context.mail.deliverDue();
    return (await readOutbox(t.dataDir)).filter((mail) => mail.to === email && mail.subject === SUBJECT);
  };
  const addClient = (token: string, services: number[]) =>
    createUserThroughApi(t, token, clientFields(services, { password: '' }));

  it('sends each affected person one notice however often it is pressed, listed with the queue’s status', async () => {
    const unmailable = await addClient(firm.mpc.token, firm.services);
    await t.context.db.updateTable('users').set({ email: '' }).where('id', '=', unmailable.id).execute();
    const id = await recordBreach(call, firm.mpc.token, {
      affected: 'chosen',
      affected_ids: [firm.client.id, unmailable.id],
      include_staff: true,
    });
    const first = await send(id, firm.mpc.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ queued: 3, already: 0, no_email: 1 });
    expect((await send(id, firm.mpc.token)).json().data).toEqual({ queued: 0, already: 4, no_email: 0 });

    // Queued, or already sent: the queue was woken as the notices were made.
    const listed = await noticesOf(id, firm.mpc.token);
    const mailed = (status: string) => (status === 'sent' ? 'queued' : status);
    expect(listed.map((notice) => [notice.person?.id, mailed(notice.status)])).toEqual(
      [
        [firm.pc.id, 'queued'],
        [firm.executor.id, 'queued'],
        [firm.client.id, 'queued'],
        [unmailable.id, 'no_email'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    for (const person of [firm.client, firm.pc, firm.executor]) {
      const mails = await noticeMailsTo(person.email);
      expect(mails, person.email).toHaveLength(1);
      // No contact kept: the notice names the firm's MPC.
      expect(mails[0]?.text).toContain(`Email: ${firm.mpc.email}`);
      expect(mails[0]?.text).toContain('It was found on 01/04/2026, 13:30 IST.');
      expect(mails[0]?.text).toContain('A staff laptop holding client files was stolen from a car in Pune.');
    }
    const delivered = await noticesOf(id, firm.mpc.token);
    expect(delivered.filter((notice) => notice.status === 'sent')).toHaveLength(3);
    expect(delivered.every((notice) => notice.status === 'no_email' || notice.sent_at !== null)).toBe(true);
    expect((await call('GET', `/api/breaches/${id}`, firm.mpc.token)).json().data.notices_made).toBe(4);

    // The hourly task keeps the queue's last word on each notice, for when the queue forgets the mail.
    const started = t.clock.now();
    t.clock.advance(61 * 60_000);
    await t.scheduler.tick();
    t.clock.set(started);
    const stored = await t.context.db
      .selectFrom('breach_notices')
      .select(['user_id', 'status'])
      .where('breach_id', '=', id)
      .orderBy('user_id')
      .execute();
    expect(stored.map((row) => row.status).sort()).toEqual(['no_email', 'sent', 'sent', 'sent']);

    const events = (await readAuditEvents(t, 'breach.notify')).filter((event) => event.entity_id === id);
    expect(events.map((event) => JSON.parse(event.details ?? '{}'))).toEqual([{ queued: 3, no_email: 1 }]);
  });

  it('gives each person one notice and one mail when the notices are sent twice at the same moment', async () => {
    const clients = [other.client, await addClient(other.mpc.token, other.services)];
    const id = await recordBreach(call, other.mpc.token);
    const [a, b] = await Promise.all([send(id, other.mpc.token), send(id, other.mpc.token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const sent = [a.json().data, b.json().data];
    expect(sent[0].queued + sent[1].queued).toBe(2);
    expect(sent[0].already + sent[1].already).toBe(2);
    const rows = await t.context.db
      .selectFrom('breach_notices')
      .select('user_id')
      .where('breach_id', '=', id)
      .orderBy('user_id')
      .execute();
    expect(rows.map((row) => row.user_id)).toEqual(clients.map((client) => client.id).sort((x, y) => x - y));
    const queued = await t.context.db
      .selectFrom('mail_outbox')
      .select('recipient')
      .where('subject', '=', SUBJECT)
      .where(
        'recipient',
        'in',
        clients.map((client) => client.email),
      )
      .execute();
    expect(queued.map((row) => row.recipient).sort()).toEqual(clients.map((client) => client.email).sort());
  });

  it('keeps every typed value out of the headers, escaped in the HTML and without links', async () => {
    await t.context.db
      .updateTable('users')
      .set({ firm_name: 'Evil & Co\r\nBcc: spy@evil.test', first_name: '<b>Boss</b>' })
      .where('id', '=', firm.mpc.id)
      .execute();
    readDataProtectionContact.provide(async (_db, firmId) =>
      firmId === firm.mpc.id
        ? { name: 'Asha <i>Rao</i>\r\nBcc: spy@evil.test', email: 'dpo@rao-and-co.in', phone: '+91 98765 43210' }
        : null,
    );
    const extra = await addClient(firm.mpc.token, firm.services);
    const id = await recordBreach(call, firm.mpc.token, {
      affected: 'chosen',
      affected_ids: [extra.id],
      description: '<script>alert("x")</script> Reset your password at http://evil.test/reset now.\nSecond line.',
      consequences: '"><img src=x onerror=alert(1)> Loss of money.',
      data_kinds: ['other'],
      data_other: 'Ledgers <u>and</u> www.evil.test files',
    });
    expect((await send(id, firm.mpc.token)).json().data.queued).toBe(1);
    const [mail] = await noticeMailsTo(extra.email);
    expect(mail?.subject).toBe(SUBJECT);
    const headers = (mail?.raw ?? '').split(/\r?\n\r?\n/)[0] as string;
    expect(headers).not.toMatch(/^bcc:/im);
    expect(mail?.raw).not.toContain('spy@evil.test');
    expect(mail?.raw).not.toContain('evil.test');
    for (const tag of ['<script', '<img', '<b>', '<i>', '<u>']) expect(mail?.html).not.toContain(tag);
    expect(mail?.html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(mail?.text).toContain('Reset your password at [link removed] now.');
    expect(mail?.html).toContain('<p>Second line.</p>');
    expect(mail?.text).toContain('Your firm is writing to tell you of a personal data breach');
    expect(mail?.text).toContain('If you have questions, contact us:');
    expect(mail?.text).toContain('Email: dpo@rao-and-co.in');
    expect(mail?.text).toContain('Phone: +91 98765 43210');
  });

  it('sends the platform’s notices to the firms chosen and their staff, never to their clients', async () => {
    const clientMails = (await noticeMailsTo(other.client.email)).length;
    const id = await recordBreach(call, admin.token, {
      affected: 'chosen',
      affected_ids: [other.mpc.id],
      include_staff: true,
    });
    expect((await send(id, admin.token)).json().data).toEqual({ queued: 3, already: 0, no_email: 0 });
    const listed = await noticesOf(id, admin.token);
    expect(listed.map((notice) => notice.person?.id).sort()).toEqual(
      [other.mpc.id, other.pc.id, other.executor.id].sort((x, y) => x - y),
    );
    const [mail] = await noticeMailsTo(other.mpc.email);
    expect(mail?.text).toContain('Practice Portal, the platform that holds your account, is writing');
    expect(mail?.text).toContain("records this breach in the firm's breach register");
    expect(mail?.text).toContain(`Email: ${admin.email}`);
    expect(await noticeMailsTo(other.client.email)).toHaveLength(clientMails);
  });
});
