import { PASSWORD_MESSAGES } from '@portal/contract/passwords';
import { describe, expect, it, vi } from 'vitest';
import { readResetToken, useTestMailServer } from './support/mail-server.js';
import { readMeStatusOnNewSession } from './support/sign-in.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

describe.each(listTestDialects())('forgot password and reset links on %s', (dialect) => {
  const smtp = useTestMailServer('block');
  const t = useTestApp('block', dialect, () => ({ env: { SMTP_URL: smtp.url, APP_URL: 'https://portal.firm.in' } }));

  const forgot = (email: string, ip = '203.0.113.10') =>
    t.request({ method: 'POST', url: '/api/password/forgot', payload: { email }, remoteAddress: ip });
  const reset = (token: string, password = 'Fresh@Pass1', ip = '203.0.113.10') =>
    t.request({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password, password_confirmation: password },
      remoteAddress: ip,
    });
  /** Every queued mail handed to the SMTP server: what was not sent by then was never queued. */
  const waitForEmptyQueue = () =>
    vi.waitFor(
      async () => {
        const queued = await t.context.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'queued')
          .execute();
        expect(queued).toEqual([]);
      },
      { timeout: 10_000, interval: 25 },
    );
  const shapeOf = (response: Awaited<ReturnType<typeof forgot>>) => ({
    status: response.statusCode,
    body: response.body,
    headers: Object.keys(response.headers)
      .filter((name) => !['date', 'content-length'].includes(name))
      .sort(),
  });

  it('answers the same for an existing user, an unknown one, a username and a disabled user', async () => {
    const user = await t.createUser('pc');
    const disabled = await t.createUser('pc', { status: 'deactivated' });
    const answers = await Promise.all(
      [user.email, 'nobody@firm.in', user.username, disabled.email].map(async (name) => shapeOf(await forgot(name))),
    );
    expect(answers[0]).toMatchObject({ status: 200 });
    expect(JSON.parse(answers[0]?.body as string).message).toBe(PASSWORD_MESSAGES.forgotAnswer);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    await smtp.waitForMail(user.email, { after: 1 });
    // Two links were asked for the user (email and username); none to the disabled one.
    expect(smtp.mailTo(user.email)).toHaveLength(2);
    await waitForEmptyQueue();
    expect(smtp.mailTo(disabled.email)).toHaveLength(0);
  });

  it('mails a link to APP_URL/reset-password that sets the password once, ends every session and mails a notice', async () => {
    const user = await t.createUser('client');
    const session = await t.signIn(user);
    await forgot(user.email);
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toBe('Practice Portal: reset your password');
    expect(mail.text).toMatch(/https:\/\/portal\.firm\.in\/reset-password\?token=[A-Za-z0-9_-]{43}\b/);
    const token = readResetToken(mail);
    // Only the hash is stored.
    const stored = await t.context.db.selectFrom('password_links').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const done = await reset(token);
    expect([done.statusCode, done.json().message]).toEqual([200, PASSWORD_MESSAGES.resetDone]);
    expect((await t.request({ method: 'GET', url: '/api/me', token: session })).statusCode).toBe(401);
    expect(await readMeStatusOnNewSession(t, { email: user.email, password: 'Fresh@Pass1' })).toBe(200);
    const again = await reset(token, 'Other@Pass2');
    expect([again.statusCode, again.json().message]).toEqual([400, PASSWORD_MESSAGES.tokenInvalid]);
    const notice = await smtp.waitForMail(user.email, { after: 1 });
    expect(notice.subject).toBe('Practice Portal: your password was reset');
  });

  it('works for 30 minutes only, and a newer link replaces an older one', async () => {
    const user = await t.createUser('executor');
    await forgot(user.email);
    const first = readResetToken(await smtp.waitForMail(user.email));
    await forgot(user.email);
    const second = readResetToken(await smtp.waitForMail(user.email, { after: 1 }));
    expect((await reset(first)).statusCode).toBe(400);
    t.clock.advance(30 * 60 * 1000);
    expect((await reset(second)).statusCode).toBe(400);
    await forgot(user.email);
    const third = readResetToken(await smtp.waitForMail(user.email, { after: 2 }));
    t.clock.advance(29 * 60 * 1000);
    expect((await reset(third)).statusCode).toBe(200);
  });

  it('keeps the link when the new password breaks a rule', async () => {
    const user = await t.createUser('mpc');
    await forgot(user.email);
    const token = readResetToken(await smtp.waitForMail(user.email));
    const weak = await reset(token, 'weakpass');
    expect(weak.statusCode).toBe(422);
    expect(Object.keys(weak.json().errors)).toEqual(['password']);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('uses a link once when two resets race with it', async () => {
    const user = await t.createUser('pc');
    await forgot(user.email);
    const token = readResetToken(await smtp.waitForMail(user.email));
    const results = await Promise.all([reset(token, 'Race@Pass1'), reset(token, 'Race@Pass2')]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 400]);
  });

  it('mails at most 3 links an hour to one account, still answering the same', async () => {
    const user = await t.createUser('client');
    const answers = [];
    for (let n = 0; n < 5; n += 1) answers.push(shapeOf(await forgot(user.email, `198.51.100.${n}`)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    await smtp.waitForMail(user.email, { after: 2 });
    await waitForEmptyQueue();
    expect(smtp.mailTo(user.email)).toHaveLength(3);
    t.clock.advance(60 * 60 * 1000);
    await forgot(user.email);
    await smtp.waitForMail(user.email, { after: 3 });
  });

  it('takes 20 requests an hour from one address, then 429 whatever the name', async () => {
    for (let n = 0; n < 20; n += 1) expect((await forgot(`someone${n}@firm.in`, '192.0.2.77')).statusCode).toBe(200);
    const refused = await forgot('someone@firm.in', '192.0.2.77');
    expect([refused.statusCode, refused.json().message]).toEqual([429, PASSWORD_MESSAGES.forgotThrottled]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgot('someone@firm.in', '192.0.2.78')).statusCode).toBe(200);
  });

  it('takes 30 reset tries an hour from one address', async () => {
    for (let n = 0; n < 30; n += 1)
      expect((await reset(`guess${n}`, 'Fresh@Pass1', '192.0.2.90')).statusCode).toBe(400);
    expect((await reset('guess', 'Fresh@Pass1', '192.0.2.90')).statusCode).toBe(429);
  });

  it('lets a user locked out by wrong passwords sign in at once after a reset', async () => {
    const user = await t.createUser('pc');
    for (let n = 0; n < 10; n += 1)
      await t.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: `Wrong@${n}xx` } });
    const locked = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'x' },
    });
    expect(locked.statusCode).toBe(429);
    await forgot(user.email);
    expect((await reset(readResetToken(await smtp.waitForMail(user.email)))).statusCode).toBe(200);
    expect(await readMeStatusOnNewSession(t, { email: user.email, password: 'Fresh@Pass1' })).toBe(200);
  });

  it('refuses a malformed body with the envelope', async () => {
    const missing = await t.request({ method: 'POST', url: '/api/password/forgot', payload: {} });
    expect([missing.statusCode, missing.json().errors]).toEqual([
      422,
      { email: [PASSWORD_MESSAGES.identifierRequired] },
    ]);
    const extra = await t.request({ method: 'POST', url: '/api/password/reset', payload: { token: 'x', admin: true } });
    expect(extra.statusCode).toBe(400);
  });
});
