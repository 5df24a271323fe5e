import { AUTH_AUDIT_ACTIONS } from '@portal/contract/audit-actions-auth';
import { TWO_FACTOR_MESSAGES } from '@portal/contract/two-factor';
import { describe, expect, it } from 'vitest';
import { computeTotp, decodeBase32, totpStepAt } from '../src/modules/two-factor/totp.js';
import { useTestMailServer } from './support/mail-server.js';
import { createTestApp, TEST_PASSWORD, type TestUser, useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

/** What the user's authenticator app shows now (or `offset` steps away). */
const codeOf = (secret: string, at: Date, offset = 0) => computeTotp(decodeBase32(secret), totpStepAt(at) + offset);

describe.each(listTestDialects())('two-factor sign-in on %s', (dialect) => {
  const smtp = useTestMailServer('block');
  const t = useTestApp('block', dialect, () => ({ env: { SMTP_URL: smtp.url } }));

  const post = (url: string, token: string | undefined, payload?: object, ip = '203.0.113.20') =>
    t.request({ method: 'POST', url, token, remoteAddress: ip, ...(payload ? { payload } : {}) });
  const login = (user: TestUser, ip?: string) =>
    post('/api/login', undefined, { email: user.email, password: user.password }, ip);
  const secondStep = (challenge: string, code: string, ip?: string) =>
    post('/api/login/2fa', undefined, { challenge, code }, ip);
  /** The audit events `user` did of one action, in the order written. */
  const auditDetailsOf = (user: TestUser, action: string) =>
    t.context.db
      .selectFrom('audit_log')
      .select('details')
      .where('actor_id', '=', user.id)
      .where('action', '=', action)
      .execute();
  /** The password alone signs `user` in: no second step asked, and the session it gets is its own. */
  async function expectSignInWithPasswordAlone(user: TestUser) {
    const answer = await login(user);
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data.challenge).toBeUndefined();
    expect(data.token).toEqual(expect.any(String));
    const me = await t.request({ method: 'GET', url: '/api/me', token: data.token });
    expect([me.statusCode, me.json().data.id]).toEqual([200, user.id]);
  }

  /** Turns 2FA on for `user` through the API; answers the secret and the recovery codes. */
  async function enable(user: TestUser) {
    const token = await t.signIn(user);
    const setup = await post('/api/2fa/setup', token);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data;
    // The next step's code: the one just accepted at setup is not accepted again.
    const enabled = await post('/api/2fa/enable', token, {
      code: codeOf(secret, t.clock.now()),
      current_password: user.password,
    });
    expect(enabled.statusCode).toBe(200);
    t.clock.advance(30_000);
    return { secret: secret as string, recovery: enabled.json().data.recovery_codes as string[], token };
  }

  it('sets up with a QR code of the otpauth URI and the secret, stored sealed, confirmed by a first code', async () => {
    const user = await t.createUser('mpc');
    const token = await t.signIn(user);
    const setup = await post('/api/2fa/setup', token);
    expect([setup.statusCode, setup.json().message]).toEqual([200, TWO_FACTOR_MESSAGES.setupStarted]);
    const { secret, otpauth_uri, qr_svg } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(
      `otpauth://totp/Practice%20Portal:${encodeURIComponent(user.email)}?secret=${secret}&issuer=Practice+Portal&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr_svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    const row = await t.context.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.totp_pending_secret).toMatch(/^enc:v1:/);
    expect(row.totp_pending_secret).not.toContain(secret);
    expect(row.totp_secret).toBeNull();

    const wrong = await post('/api/2fa/enable', token, {
      code: codeOf(secret, t.clock.now(), 3),
      current_password: user.password,
    });
    expect([wrong.statusCode, wrong.json().errors]).toEqual([422, { code: [TWO_FACTOR_MESSAGES.codeInvalid] }]);
    const right = await post('/api/2fa/enable', token, {
      code: codeOf(secret, t.clock.now()),
      current_password: user.password,
    });
    expect(right.statusCode).toBe(200);
    const codes = right.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.context.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code);
    const me = (await t.request({ method: 'GET', url: '/api/me', token })).json().data;
    expect(me.two_factor_enabled).toBe(true);
    expect((await smtp.waitForMail(user.email)).subject).toBe('Practice Portal: two-factor sign-in turned on');
    expect((await post('/api/2fa/setup', token)).statusCode).toBe(409);
  });

  it('turns on only with the password too (a stolen session alone cannot), and ends the other sessions', async () => {
    const user = await t.createUser('pc');
    const stolen = await t.signIn(user);
    const owners = await t.signIn(user);
    const setup = await post('/api/2fa/setup', stolen);
    const { secret } = setup.json().data;
    const withoutPassword = await post('/api/2fa/enable', stolen, { code: codeOf(secret, t.clock.now()) });
    expect([withoutPassword.statusCode, withoutPassword.json().errors]).toEqual([
      422,
      { current_password: [TWO_FACTOR_MESSAGES.passwordRequired] },
    ]);
    const wrongPassword = await post('/api/2fa/enable', stolen, {
      code: codeOf(secret, t.clock.now()),
      current_password: 'Guess@1234',
    });
    expect([wrongPassword.statusCode, wrongPassword.json().errors]).toEqual([
      422,
      { current_password: [TWO_FACTOR_MESSAGES.passwordWrong] },
    ]);
    const row = () => t.context.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect((await row()).totp_enabled_at).toBeNull();
    // Nothing was turned on: the owner's other session still works.
    expect((await t.request({ method: 'GET', url: '/api/me', token: owners })).statusCode).toBe(200);

    const enabled = await post('/api/2fa/enable', stolen, {
      code: codeOf(secret, t.clock.now()),
      current_password: user.password,
    });
    expect(enabled.statusCode).toBe(200);
    expect((await row()).totp_enabled_at).not.toBeNull();
    // The session that turned it on stays; every other one ends.
    expect((await t.request({ method: 'GET', url: '/api/me', token: stolen })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', token: owners })).statusCode).toBe(401);
    t.clock.advance(30_000);
  });

  it('asks for a second step after the password, then signs in with the app’s code, each code once', async () => {
    const user = await t.createUser('admin');
    const { secret } = await enable(user);
    const first = await login(user);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      two_factor_required: true,
      challenge: expect.any(String),
      expires_at: new Date(t.clock.now().getTime() + 5 * 60 * 1000).toISOString(),
    });
    expect(first.json().data).not.toHaveProperty('token');
    const code = codeOf(secret, t.clock.now());
    const done = await secondStep(first.json().data.challenge, code);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.user).toMatchObject({ id: user.id, two_factor_enabled: true });
    expect((await t.request({ method: 'GET', url: '/api/me', token: done.json().data.token })).statusCode).toBe(200);
    // The challenge is used up, and so is the code, even with a fresh challenge.
    expect((await secondStep(first.json().data.challenge, code)).statusCode).toBe(401);
    const again = await secondStep((await login(user)).json().data.challenge, code);
    expect([again.statusCode, again.json().errors]).toEqual([422, { code: [TWO_FACTOR_MESSAGES.codeInvalid] }]);
    // The app's clock may be a step behind (a step after the one just used).
    t.clock.advance(60_000);
    const behind = await secondStep((await login(user)).json().data.challenge, codeOf(secret, t.clock.now(), -1));
    expect(behind.statusCode).toBe(200);
    const audited = await auditDetailsOf(user, AUTH_AUDIT_ACTIONS.signIn);
    // The sign-in that turned it on, then two with the app's code.
    expect(audited.map((row) => JSON.parse(row.details ?? '{}'))).toEqual([
      {},
      { second_factor: 'app' },
      { second_factor: 'app' },
    ]);
  });

  it('lets a challenge live 5 minutes only', async () => {
    const user = await t.createUser('mpc');
    const { secret } = await enable(user);
    const { challenge } = (await login(user)).json().data;
    t.clock.advance(5 * 60 * 1000);
    const late = await secondStep(challenge, codeOf(secret, t.clock.now()));
    expect([late.statusCode, late.json().message]).toEqual([401, TWO_FACTOR_MESSAGES.challengeInvalid]);
  });

  it('takes each recovery code once', async () => {
    const user = await t.createUser('pc');
    const { recovery } = await enable(user);
    const used = await secondStep((await login(user)).json().data.challenge, (recovery[3] as string).toUpperCase());
    expect(used.statusCode).toBe(200);
    const twice = await secondStep((await login(user)).json().data.challenge, recovery[3] as string);
    expect(twice.statusCode).toBe(422);
    expect((await secondStep((await login(user)).json().data.challenge, recovery[4] as string)).statusCode).toBe(200);
    const rows = await t.context.db
      .selectFrom('recovery_codes')
      .select('used_at')
      .where('user_id', '=', user.id)
      .where('used_at', 'is not', null)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('counts codes like passwords: 10 wrong per account in 15 minutes, then 429 even for the right one', async () => {
    const user = await t.createUser('client');
    const { secret } = await enable(user);
    const { challenge } = (await login(user)).json().data;
    for (let n = 0; n < 10; n += 1) expect((await secondStep(challenge, '000000')).statusCode).toBe(422);
    const refused = await secondStep(challenge, codeOf(secret, t.clock.now()));
    expect([refused.statusCode, refused.json().message]).toEqual([429, TWO_FACTOR_MESSAGES.throttled]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const failures = await auditDetailsOf(user, AUTH_AUDIT_ACTIONS.signInFailed);
    expect(failures).toHaveLength(10);
    t.clock.advance(15 * 60 * 1000);
    const later = await login(user);
    expect((await secondStep(later.json().data.challenge, codeOf(secret, t.clock.now()))).statusCode).toBe(200);
  });

  it('turns off with the password (mailed), but not for a role that requires it', async () => {
    const user = await t.createUser('executor');
    const { token } = await enable(user);
    const wrong = await post('/api/2fa/disable', token, { current_password: 'Wrong@1234' });
    expect([wrong.statusCode, wrong.json().errors]).toEqual([
      422,
      { current_password: [TWO_FACTOR_MESSAGES.passwordWrong] },
    ]);
    const off = await post('/api/2fa/disable', token, { current_password: TEST_PASSWORD });
    expect(off.statusCode).toBe(200);
    await expectSignInWithPasswordAlone(user);
    expect((await smtp.waitForMail(user.email, { after: 1 })).subject).toBe(
      'Practice Portal: two-factor sign-in turned off',
    );
    expect((await post('/api/2fa/disable', token, { current_password: TEST_PASSWORD })).statusCode).toBe(409);
  });

  it('lets an MPC reset its PC’s second factor (audited, mailed), not another firm’s', async () => {
    const mpc = await t.createUser('mpc');
    const otherMpc = await t.createUser('mpc');
    await t.context.db.updateTable('users').set({ firm_id: mpc.id }).where('id', '=', mpc.id).execute();
    const pc = await t.createUser('pc', { firmId: mpc.id });
    await enable(pc);
    const stranger = await post(`/api/user/${pc.id}/reset-2fa`, await t.signIn(otherMpc));
    expect(stranger.statusCode).toBe(404);
    const reset = await post(`/api/user/${pc.id}/reset-2fa`, await t.signIn(mpc));
    expect([reset.statusCode, reset.json().message]).toEqual([200, TWO_FACTOR_MESSAGES.reset]);
    await expectSignInWithPasswordAlone(pc);
    expect((await smtp.waitForMail(pc.email, { after: 1 })).subject).toBe('Practice Portal: two-factor sign-in reset');
    const audit = await t.context.db
      .selectFrom('audit_log')
      .select(['actor_id', 'entity_id'])
      .where('action', '=', AUTH_AUDIT_ACTIONS.twoFactorReset)
      .execute();
    expect(audit).toContainEqual({ actor_id: mpc.id, entity_id: pc.id });
    const codes = await t.context.db.selectFrom('recovery_codes').select('id').where('user_id', '=', pc.id).execute();
    expect(codes).toHaveLength(0);
  });
});

describe.each(listTestDialects())('REQUIRE_2FA_ROLES on %s', (dialect) => {
  const t = useTestApp('block', dialect, { env: { REQUIRE_2FA_ROLES: 'admin,mpc' } });

  it('makes an MPC set up a second factor before anything else, and keep it', async () => {
    const mpc = await t.createUser('mpc');
    const token = await t.signIn(mpc);
    const me = await t.request({ method: 'GET', url: '/api/me', token });
    expect(me.json().data).toMatchObject({ two_factor_setup_required: true, two_factor_enabled: false });
    const blocked = await t.request({ method: 'GET', url: '/api/user/userByRole', token });
    expect([blocked.statusCode, blocked.json().message]).toEqual([403, TWO_FACTOR_MESSAGES.setupRequired]);
    expect((await t.request({ method: 'GET', url: '/api/sessions', token })).statusCode).toBe(403);
    const setup = await t.request({ method: 'POST', url: '/api/2fa/setup', token });
    const { secret } = setup.json().data;
    const enabled = await t.request({
      method: 'POST',
      url: '/api/2fa/enable',
      token,
      payload: { code: codeOf(secret, t.clock.now()), current_password: mpc.password },
    });
    expect(enabled.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user/userByRole', token })).statusCode).toBe(200);
    const off = await t.request({
      method: 'POST',
      url: '/api/2fa/disable',
      token,
      payload: { current_password: TEST_PASSWORD },
    });
    expect([off.statusCode, off.json().message]).toEqual([403, TWO_FACTOR_MESSAGES.requiredForRole]);
  });

  it('leaves other roles alone', async () => {
    const pc = await t.createUser('pc');
    const token = await t.signIn(pc);
    expect((await t.request({ method: 'GET', url: '/api/me', token })).json().data.two_factor_setup_required).toBe(
      false,
    );
    expect((await t.request({ method: 'GET', url: '/api/user/userByRole', token })).statusCode).toBe(200);
  });

  it('refuses an unknown role in the setting', async () => {
    await expect(createTestApp(dialect, { env: { REQUIRE_2FA_ROLES: 'admin,boss' } })).rejects.toThrow(
      /REQUIRE_2FA_ROLES must list roles/,
    );
  });
});
