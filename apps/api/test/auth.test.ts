import { AUTH_MESSAGES, LOGIN_MESSAGES } from '@portal/contract/auth';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../src/auth/tokens.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

const HOUR = 60 * 60 * 1000;

describe.each(listTestDialects())('sign-in and sessions on %s', (dialect) => {
  const t = useTestApp('test', dialect);

  /** The session of `token` is over: /api/me answers 401 with the expired-session message. */
  async function expectSessionExpired(token: string) {
    const expired = await t.request({ method: 'GET', url: '/api/me', token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(AUTH_MESSAGES.sessionExpired);
  }
  /** The status /api/me answers with `token`. */
  const meStatus = async (token: string) => (await t.request({ method: 'GET', url: '/api/me', token })).statusCode;
  const signedInAdminToken = async () => t.signIn(await t.createUser('admin'));
  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.request({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

  it('signs in by email in any letter case and returns the token and the user with its role', async () => {
    const admin = await t.createUser('admin');
    const response = await login(admin.email.toUpperCase(), admin.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('success');
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.user).toMatchObject({
      id: admin.id,
      email: admin.email,
      username: admin.username,
      status: 'active',
      user_role: { role_id: 1, name: 'admin' },
    });
  });

  it('signs in by username', async () => {
    const mpc = await t.createUser('mpc');
    const response = await login(mpc.username, mpc.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.user_role.name).toBe('mpc');
  });

  it('stores only the SHA-256 of the token', async () => {
    const token = await signedInAdminToken();
    const rows = await t.context.db.selectFrom('access_tokens').select('token_hash').execute();
    expect(rows).toEqual([{ token_hash: hashToken(token) }]);
  });

  it.each([
    ['a wrong password', 'known', 'Wrong@1234'],
    ['an unknown user', 'nobody@example.in', 'Secret@123'],
  ])('answers %s with the same 401 message', async (_case, who, password) => {
    const admin = await t.createUser('admin');
    const response = await login(who === 'known' ? admin.email : who, password);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 'error', message: LOGIN_MESSAGES.failed, errors: {} });
  });

  it('refuses a deactivated account with the same 401 message', async () => {
    const user = await t.createUser('pc', { status: 'deactivated' });
    const response = await login(user.email, user.password);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(LOGIN_MESSAGES.failed);
  });

  it('lets a user whose registration is incomplete sign in, with status created', async () => {
    const user = await t.createUser('executor', { status: 'created' });
    const response = await login(user.email, user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.status).toBe('created');
  });

  it('answers 422 with the spec messages when fields are empty', async () => {
    const response = await t.request({ method: 'POST', url: '/api/login', payload: { email: '', password: '' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: [LOGIN_MESSAGES.email],
      password: [LOGIN_MESSAGES.password],
    });
  });

  it('returns the current user from /api/me', async () => {
    const admin = await t.createUser('admin');
    const token = await t.signIn(admin);
    const response = await t.request({ method: 'GET', url: '/api/me', token });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: admin.id, user_role: { name: 'admin' } });
  });

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    const missing = await t.request({ method: 'GET', url: '/api/me' });
    const malformed = await t.request({ method: 'GET', url: '/api/me', headers: { authorization: 'Basic abc' } });
    const unknown = await t.request({ method: 'GET', url: '/api/me', token: 'x'.repeat(43) });
    for (const response of [missing, malformed, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 'error', message: AUTH_MESSAGES.unauthenticated, errors: {} });
    }
  });

  it('revokes the token on logout', async () => {
    const token = await signedInAdminToken();
    const logout = await t.request({ method: 'POST', url: '/api/logout', token });
    expect(logout.statusCode).toBe(200);
    expect(logout.json().status).toBe('success');
    const after = await t.request({ method: 'GET', url: '/api/me', token });
    expect(after.statusCode).toBe(401);
    expect(await t.context.db.selectFrom('access_tokens').selectAll().execute()).toEqual([]);
  });

  it('logout revokes only its own token, not the other sessions of the user', async () => {
    const admin = await t.createUser('admin');
    const first = await t.signIn(admin);
    const second = await t.signIn(admin);
    await t.request({ method: 'POST', url: '/api/logout', token: first });
    expect(await meStatus(second)).toBe(200);
  });

  it('expires a token left idle for 12 hours', async () => {
    const token = await signedInAdminToken();
    t.clock.advance(12 * HOUR - 1000);
    expect(await meStatus(token)).toBe(200);
    t.clock.advance(12 * HOUR - 1000);
    expect(await meStatus(token)).toBe(200);
    t.clock.advance(12 * HOUR);
    await expectSessionExpired(token);
  });

  it('expires a token 7 days after sign-in however often it is used', async () => {
    const token = await signedInAdminToken();
    for (let hours = 0; hours < 7 * 24 - 10; hours += 10) {
      t.clock.advance(10 * HOUR);
      expect(await meStatus(token)).toBe(200);
    }
    t.clock.advance(10 * HOUR);
    await expectSessionExpired(token);
  });

  it('refuses the live token of a user who has since been deactivated', async () => {
    const pc = await t.createUser('pc');
    const token = await t.signIn(pc);
    await t.context.db.updateTable('users').set({ status: 'deactivated' }).where('id', '=', pc.id).execute();
    expect(await meStatus(token)).toBe(401);
  });

  it('answers 429 after 10 failures for one account within 15 minutes, and again after the window', async () => {
    const admin = await t.createUser('admin');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      // Email and username count against the same account.
      const response = await login(attempt % 2 ? admin.email : admin.username, 'Wrong@1234', `10.0.0.${attempt}`);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(admin.email, admin.password, '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ status: 'error', message: LOGIN_MESSAGES.throttled, errors: {} });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const other = await t.createUser('mpc');
    expect((await login(other.email, other.password, '10.0.1.1')).statusCode).toBe(200);

    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login(admin.email, admin.password)).statusCode).toBe(200);
  });

  it('forgets an account’s failures after a successful sign-in', async () => {
    const admin = await t.createUser('admin');
    for (let attempt = 0; attempt < 9; attempt += 1) await login(admin.email, 'Wrong@1234');
    expect((await login(admin.email, admin.password)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 9; attempt += 1) {
      expect((await login(admin.email, 'Wrong@1234')).statusCode).toBe(401);
    }
    expect((await login(admin.email, admin.password)).statusCode).toBe(200);
  });

  it('answers 429 after 100 failures from one address, for any account, until the window passes', async () => {
    const admin = await t.createUser('admin');
    const office = '203.0.113.7';
    for (let attempt = 0; attempt < 100; attempt += 1) {
      expect((await login(`user${attempt}@example.in`, 'Wrong@1234', office)).statusCode).toBe(401);
    }
    expect((await login(admin.email, admin.password, office)).statusCode).toBe(429);
    expect((await login(admin.email, admin.password, '198.51.100.1')).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login(admin.email, admin.password, office)).statusCode).toBe(200);
  });

  it('never lets a password hash or token hash leave the server', async () => {
    const admin = await t.createUser('admin');
    const token = await t.signIn(admin);
    await t.request({ method: 'GET', url: '/api/me', token });
    await login(admin.email, 'Wrong@1234');
    await t.request({ method: 'POST', url: '/api/logout', token });
    const everything = t.bodies.join('\n');
    expect(everything).not.toMatch(/\$argon2/);
    expect(everything).not.toContain(hashToken(token));
    expect(everything).not.toMatch(/password_hash|token_hash|"password"/);
  });
});
