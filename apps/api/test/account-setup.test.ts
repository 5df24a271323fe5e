import { PASSWORD_MESSAGES } from '@portal/contract/passwords';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../src/bootstrap/first-admin.js';
import { buildFirm, clientFields, staffFields } from './support/firm.js';
import {
  readOutbox,
  readResetToken,
  startTestMailServer,
  type TestMailServer,
  useTestMailServer,
} from './support/mail-server.js';
import { createServices, mpcFields, postUserForm, qualificationProof } from './support/people.js';
import { runScript } from './support/server-process.js';
import { createTestApp, type TestApp, useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

describe.each(listTestDialects())('passwords someone else set, invitations and the first admin on %s', (dialect) => {
  const smtp = useTestMailServer('block');
  const t = useTestApp('block', dialect, () => ({ env: { SMTP_URL: smtp.url, APP_URL: 'https://portal.firm.in' } }));
  let admin: Awaited<ReturnType<TestApp['createUser']>>;
  let adminToken: string;
  let services: number[];
  beforeAll(async () => {
    admin = await t.createUser('admin');
    adminToken = await t.signIn(admin);
    services = await createServices(t, adminToken, ['GST Returns', 'Income Tax']);
  });
  // Tests move the clock by days: each starts with a fresh session.
  beforeEach(async () => {
    adminToken = await t.signIn(admin);
  });

  const change = (token: string, current: string, next: string) =>
    t.request({
      method: 'PUT',
      url: '/api/user/password',
      token,
      payload: { current_password: current, password: next, password_confirmation: next },
    });

  it('makes a password the creator typed usable only to change it, at the first sign-in', async () => {
    const created = await postUserForm(t, adminToken, '/api/user/create', mpcFields(services), [qualificationProof]);
    expect(created.statusCode).toBe(201);
    const email = created.json().data.email as string;
    const login = await t.request({ method: 'POST', url: '/api/login', payload: { email, password: 'Secret@123' } });
    expect(login.json().data.user.password_change_required).toBe(true);
    const token = login.json().data.token as string;
    const blocked = await t.request({ method: 'GET', url: '/api/user/userByRole', token });
    expect([blocked.statusCode, blocked.json().message]).toEqual([403, PASSWORD_MESSAGES.changeRequired]);
    expect((await t.request({ method: 'POST', url: '/api/2fa/setup', token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/me', token })).statusCode).toBe(200);
    // Keeping the typed password is not a change.
    expect((await change(token, 'Secret@123', 'Secret@123')).statusCode).toBe(422);
    const changed = await change(token, 'Secret@123', 'Mine@2026x');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.user.password_change_required).toBe(false);
    expect((await t.request({ method: 'GET', url: '/api/user/userByRole', token })).statusCode).toBe(200);
  });

  it('invites a user created without a password: no password opens it, the mailed link sets one', async () => {
    const fields = mpcFields(services, { password: '' });
    const created = await postUserForm(t, adminToken, '/api/user/create', fields, [qualificationProof]);
    expect([created.statusCode, created.body]).toEqual([201, expect.any(String)]);
    const user = created.json().data;
    expect(user.invitation_pending).toBe(true);
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toBe('Practice Portal: your account is ready');
    expect(mail.text).toContain(`Your username is ${user.username}`);
    expect(mail.text).toContain('within 7 days');
    expect(mail.text).toMatch(/https:\/\/portal\.firm\.in\/reset-password\?token=/);
    // Six days later the invitation still works; the new password is the user's own.
    t.clock.advance(6 * 24 * 60 * 60 * 1000);
    const token = readResetToken(mail);
    const done = await t.request({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password: 'Invited@123', password_confirmation: 'Invited@123' },
    });
    expect(done.statusCode).toBe(200);
    const login = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'Invited@123' },
    });
    expect(login.json().data.user.password_change_required).toBe(false);
    const detail = await t.request({ method: 'GET', url: `/api/user/detail/${user.id}`, token: await t.signIn(admin) });
    expect(detail.json().data.invitation_pending).toBe(false);
  });

  it('says in the invitation which firm it is for and who invited, names escaped and kept out of the headers', async () => {
    const firm = await buildFirm(t, adminToken, services);
    const rename = (id: number, first_name: string, last_name: string) =>
      t.context.db.updateTable('users').set({ first_name, last_name }).where('id', '=', id).execute();
    await rename(firm.mpc.id, 'Ravi', "D'Souza & Co");
    // A name that is not a name (a link, markup) is never mailed in the portal's name.
    await rename(firm.pc.id, 'Priya', 'Nair <a href="http://evil.test">\r\nBcc: x@evil.test');
    const invite = async (token: string, fields: Record<string, unknown>) => {
      const created = await postUserForm(t, token, '/api/user/create', { ...fields, password: '' } as never);
      expect(created.statusCode, created.body).toBe(201);
      return smtp.waitForMail(created.json().data.email as string);
    };
    const byLead = await invite(firm.mpc.token, staffFields(3, 'Invitee'));
    expect(byLead.subject).toBe('Practice Portal: your account is ready');
    expect(byLead.text).toContain("Ravi D'Souza & Co invited you to join their firm on Practice Portal.");
    expect(byLead.html).toContain('Ravi D&#39;Souza &#38; Co invited you to join their firm on Practice Portal.');
    expect(byLead.text).toContain('Set your password:');

    const byPc = await invite(firm.pc.token, clientFields(services));
    expect(byPc.subject).toBe('Practice Portal: your account is ready');
    expect(byPc.text).toContain("Someone at the firm of Ravi D'Souza & Co invited you to join it on Practice Portal.");
    expect(`${byPc.text}${byPc.html}`).not.toMatch(/evil|Nair|Bcc/);
    expect(byPc.text).toMatch(/https:\/\/portal\.firm\.in\/reset-password\?token=[A-Za-z0-9_-]{43}&invitation=1/);

    // The admin setting up an MPC: the firm is the MPC's own.
    await rename(admin.id, 'Meera', 'Admin');
    const mpcMail = await smtp.waitForMail(
      (
        await postUserForm(t, adminToken, '/api/user/create', mpcFields(services, { password: '' }), [
          qualificationProof,
        ])
      ).json().data.email,
    );
    expect(mpcMail.text).toContain('Meera Admin set up an account for your firm on Practice Portal.');
  });

  it('sends the invitation again from the detail page while it is pending, a reset link after', async () => {
    const created = await postUserForm(t, adminToken, '/api/user/create', mpcFields(services, { password: '' }), [
      qualificationProof,
    ]);
    const user = created.json().data;
    await smtp.waitForMail(user.email);
    const again = await t.request({ method: 'POST', url: `/api/user/${user.id}/send-reset`, token: adminToken });
    expect([again.statusCode, again.json().message]).toEqual([200, PASSWORD_MESSAGES.resetSent]);
    const second = await smtp.waitForMail(user.email, { after: 1 });
    expect(second.subject).toBe('Practice Portal: your account is ready');
    await t.request({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token: readResetToken(second), password: 'Invited@123', password_confirmation: 'Invited@123' },
    });
    await t.request({ method: 'POST', url: `/api/user/${user.id}/send-reset`, token: adminToken });
    const third = await smtp.waitForMail(user.email, { after: 2 });
    expect(third.subject).toBe('Practice Portal: reset your password');
    expect(third.text).toContain('within 30 minutes');
    // No more than 3 links an hour to one account, whoever asks (the invitation at creation aside).
    const sendAgain = () => t.request({ method: 'POST', url: `/api/user/${user.id}/send-reset`, token: adminToken });
    expect((await sendAgain()).statusCode).toBe(200);
    const refused = await sendAgain();
    expect([refused.statusCode, refused.json().message]).toEqual([429, PASSWORD_MESSAGES.forgotThrottled]);
  });

  it('refuses to send a link to a disabled user', async () => {
    const mpc = await t.createUser('mpc', { status: 'deactivated' });
    const response = await t.request({ method: 'POST', url: `/api/user/${mpc.id}/send-reset`, token: adminToken });
    expect(response.statusCode).toBe(409);
  });

  it('makes the generated first-admin password one to change, but not one the operator chose', async () => {
    await t.context.db.deleteFrom('users').where('role_id', '=', 1).execute();
    const printed = await ensureFirstAdmin(t.context);
    const token = await t.signIn({ email: printed?.email as string, password: printed?.generatedPassword as string });
    const blocked = await t.request({ method: 'GET', url: '/api/user/userByRole', token });
    expect([blocked.statusCode, blocked.json().message]).toEqual([403, PASSWORD_MESSAGES.changeRequired]);
    expect((await change(token, printed?.generatedPassword as string, 'Admin@Own123')).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user/userByRole', token })).statusCode).toBe(200);

    const chosen = await createTestApp(dialect, { env: { ADMIN_PASSWORD: 'Operator@123', ADMIN_EMAIL: 'op@firm.in' } });
    try {
      await ensureFirstAdmin(chosen.context);
      const own = await chosen.signIn({ email: 'op@firm.in', password: 'Operator@123' });
      expect((await chosen.request({ method: 'GET', url: '/api/user/userByRole', token: own })).statusCode).toBe(200);
    } finally {
      await chosen.close();
    }
  });
});

function runAdminReset(env: Record<string, string>, args: string[]): Promise<{ code: number | null; output: string }> {
  return runScript('src/admin-reset.ts', args, env);
}

describe('npm run admin:reset', () => {
  let smtp: TestMailServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestMailServer();
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('prints a working reset link without SMTP_URL, and mails it with SMTP_URL', async () => {
    const admin = await t.createUser('admin');
    const env = { DATA_DIR: t.dataDir, APP_URL: 'https://portal.firm.in' };
    const printed = await runAdminReset(env, [admin.email]);
    expect(printed.code).toBe(0);
    const link = /(https:\/\/portal\.firm\.in\/reset-password\?token=\S+)/.exec(printed.output)?.[1] as string;
    expect(link).toMatch(/^https:\/\/portal\.firm\.in\/reset-password\?token=[^\s&]{20,}$/);
    expect(await readOutbox(t.dataDir)).toEqual([]);
    const done = await t.request({
      method: 'POST',
      url: '/api/password/reset',
      payload: {
        token: new URL(link).searchParams.get('token'),
        password: 'Back@Again1',
        password_confirmation: 'Back@Again1',
      },
    });
    expect(done.statusCode).toBe(200);

    const mailed = await runAdminReset({ ...env, SMTP_URL: smtp.url }, [admin.email, '--two-factor']);
    expect(mailed.code).toBe(0);
    expect(mailed.output).not.toContain('token=');
    expect((await smtp.waitForMail(admin.email)).subject).toBe('Practice Portal: reset your password');
  }, 60_000);
});
