import { describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { BILLING_PROFILE, INVOICE_LINE } from './support/billing.js';
import { useAdmin, useFirm } from './support/firm.js';
import { useTestMailServer } from './support/mail-server.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

/** Issue 23: issuing an invoice mails the client (mail kind `invoices`, on unless it turned it off). */
describe.each(listTestDialects())('the mail of an issued invoice on %s', (dialect) => {
  const smtp = useTestMailServer('block');
  const t = useTestApp('block', dialect, () => ({ env: { SMTP_URL: smtp.url } }));
  const admin = useAdmin('block', t);
  const firm = useFirm('block', t, { admin });
  const call = bindApiCall(t);

  const issueOne = async () => {
    const drafted = await call('POST', '/api/invoices', firm.mpc.token, {
      client_id: firm.client.id,
      invoice_date: '2026-04-01',
      due_date: '2026-04-15',
      lines: [INVOICE_LINE],
    });
    const id = drafted.json().data.id as number;
    const issued = await call('POST', `/api/invoices/${id}/issue`, firm.mpc.token);
    expect(issued.statusCode, issued.body).toBe(200);
    return { id, number: issued.json().data.number as string };
  };
  /** The next invoice mail to the client after its first `after` mails (others, e.g. its password's, skipped). */
  const nextInvoiceMail = async (after: number) => {
    for (let seen = after; ; seen += 1) {
      const mail = await smtp.waitForMail(firm.client.email, { after: seen });
      if (mail.subject.includes(': invoice ')) return mail;
    }
  };
  const queuedFor = (number: string) =>
    t.context.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', '=', firm.client.email)
      .where('subject', 'like', `%invoice ${number}`)
      .execute();
  const saveProfile = (legal_name: string) =>
    call('PUT', '/api/billing/profile', firm.mpc.token, { ...BILLING_PROFILE, legal_name });

  it('mails the client on issue, once, with a link to its invoice page in the portal', async () => {
    expect((await saveProfile(BILLING_PROFILE.legal_name)).statusCode).toBe(200);
    await t.context.db.updateTable('users').set({ state: 'Maharashtra' }).where('id', '=', firm.client.id).execute();
    const before = smtp.mailTo(firm.client.email).length;
    const { id, number } = await issueOne();
    const mail = await nextInvoiceMail(before);
    expect(mail.subject).toBe(`Practice Portal: invoice ${number}`);
    expect(mail.text).toContain(
      `Shah & Co, Chartered Accountants issued you invoice ${number} dated 01/04/2026 for ₹11,210.00, due on 15/04/2026.`,
    );
    expect(mail.text).toContain(`${t.context.config.appUrl}/client/invoices/${id}`);
    expect(mail.html).toContain(`href="${t.context.config.appUrl}/client/invoices/${id}"`);
    expect(await queuedFor(number)).toHaveLength(1);
  });

  it('sends nothing to a client who turned invoice mail off, and never mails a firm name that is no name', async () => {
    const off = await call('PUT', '/api/me/mail-preferences', firm.client.token, { invoices: false });
    expect(off.statusCode, off.body).toBe(200);
    const unsent = await issueOne();
    expect(await queuedFor(unsent.number)).toHaveLength(0);

    expect((await call('PUT', '/api/me/mail-preferences', firm.client.token, { invoices: true })).statusCode).toBe(200);
    expect((await saveProfile('Pay now at http://evil.test/kyc')).statusCode).toBe(200);
    const before = smtp.mailTo(firm.client.email).length;
    const { number } = await issueOne();
    const mail = await nextInvoiceMail(before);
    expect(mail.text).toContain(`Your firm issued you invoice ${number}`);
    expect(mail.text + mail.html).not.toContain('evil.test');
  });
});
