import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendInvoiceReminders } from '../src/modules/billing/invoice-reminders.js';
import { type AppInstances, createInstancesWithFirm } from './support/app-instances.js';
import { BILLING_PROFILE } from './support/billing.js';
import type { TestFirm } from './support/firm.js';
import { startTestMailServer, type TestMailServer } from './support/mail-server.js';
import type { ApiCaller } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

const APP_URL = 'https://portal.example.in';
/** 10:00 in India on a date (UTC+05:30). */
const at = (date: string) => new Date(`${date}T04:30:00.000Z`);
const LINE = { description: 'Audit fee', sac: '998221', quantity: 1, rate_paise: 1_000_000, gst_rate_bp: 1800 };

/** Issue 23: overdue invoices remind their client every N days (a firm setting), once a day on any instance. */
describe.each(listTestDialects())('overdue invoice reminders, two app instances on one %s database', (dialect) => {
  let mail: TestMailServer;
  let setup: AppInstances;
  let api: ApiCaller;
  let firm: TestFirm;
  let invoiceId: number;

  beforeAll(async () => {
    mail = await startTestMailServer();
  });
  afterAll(async () => {
    await mail.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
    api.request({ method, url, token, ...(payload ? { payload } : {}) });

  beforeEach(async () => {
    mail.received.length = 0;
    const made = await createInstancesWithFirm(dialect, 2, { SMTP_URL: mail.url, APP_URL });
    ({ setup, api, firm } = made);
    const { first } = made;
    // A client whose name carries a link: the reminder greets it without its name.
    await first.context.db
      .updateTable('users')
      .set({ state: 'Maharashtra', first_name: 'Visit evil.example.com' })
      .where('id', '=', firm.client.id)
      .execute();
    await call('PUT', '/api/billing/profile', firm.mpc.token, { ...BILLING_PROFILE, legal_name: 'Shah and Co' });
    const body = { client_id: firm.client.id, invoice_date: '2026-04-01', due_date: '2026-04-15', lines: [LINE] };
    invoiceId = (await call('POST', '/api/invoices', firm.mpc.token, body)).json().data.id;
    expect((await call('POST', `/api/invoices/${invoiceId}/issue`, firm.mpc.token)).statusCode).toBe(200);
    await Promise.all(setup.instances.map((instance) => instance.context.mail.deliverDue()));
    mail.received.length = 0;
  });
  afterEach(async () => {
    await setup.close();
  });

  /** Both instances run the pass, by hand and through their schedulers, at once; then mail goes out. */
  const runEverywhere = async () => {
    for (let round = 0; round < 2; round += 1)
      await Promise.all(
        setup.instances.flatMap((instance) => [sendInvoiceReminders(instance.context), instance.scheduler.tick()]),
      );
    await Promise.all(setup.instances.map((instance) => instance.context.mail.deliverDue()));
  };
  const reminders = () => mail.received.filter((message) => message.subject.includes('is overdue'));

  it('reminds nobody until the firm turns it on; then every N days after the due date, once a day', async () => {
    setup.clock.set(at('2026-04-22'));
    await runEverywhere();
    expect(reminders()).toEqual([]);

    setup.clock.set(at('2026-04-14'));
    const mpc = await api.signIn(firm.mpc);
    const saved = await call('PUT', '/api/firm/settings', mpc, { invoice_reminder_days: 7 });
    expect(saved.json().data.invoice_reminder_days).toBe(7);
    for (const days of [0, 91, 2.5])
      expect((await call('PUT', '/api/firm/settings', mpc, { invoice_reminder_days: days })).statusCode).toBe(422);

    // Due 15 April: 7 days late on the 22nd, 14 on the 29th; nothing on the days between.
    for (const date of ['2026-04-15', '2026-04-21', '2026-04-22', '2026-04-23', '2026-04-29']) {
      setup.clock.set(at(date));
      await runEverywhere();
    }
    expect(reminders().map((message) => message.to)).toEqual(
      [firm.client.email, firm.client.email].map((to) => to.toLowerCase()),
    );
    const [first] = reminders();
    expect(first?.subject).toBe('Practice Portal: Invoice INV/2026-27/0001 is overdue');
    expect(first?.text).toContain('Hello,\n\nShah and Co reminds you that invoice INV/2026-27/0001, due on 15/04/2026');
    expect(first?.text).toContain('₹11,800.00');
    expect(first?.text).not.toContain('evil.example.com');
    // It leads to the invoice on the client's Invoices tab, where its PDF and UPI QR are.
    expect(first?.text).toMatch(new RegExp(`${APP_URL}/client/invoices/\\d+`));
  });

  it('stops for a cancelled invoice and for a client who turned invoice mail off', async () => {
    await call('PUT', '/api/firm/settings', firm.mpc.token, { invoice_reminder_days: 1 });
    const off = await call('PUT', '/api/me/mail-preferences', firm.client.token, { invoices: false });
    expect(off.statusCode).toBe(200);
    setup.clock.set(at('2026-04-16'));
    await runEverywhere();
    expect(reminders()).toEqual([]);

    setup.clock.set(at('2026-04-17'));
    await call('PUT', '/api/me/mail-preferences', await api.signIn(firm.client), { invoices: true });
    await runEverywhere();
    expect(reminders()).toHaveLength(1);

    setup.clock.set(at('2026-04-18'));
    await call('POST', `/api/invoices/${invoiceId}/cancel`, await api.signIn(firm.mpc), { reason: 'Billed twice' });
    await runEverywhere();
    expect(reminders()).toHaveLength(1);
  });
});
