import { SESSION_MESSAGES } from '@portal/contract/sessions';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { setUserStatusThroughApi } from './support/user-status.js';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe.each(listTestDialects())('sessions on %s', (dialect) => {
  const t = useTestApp('block', dialect);

  const signInFrom = async (user: TestUser, userAgent: string, ip: string) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    return response.json().data.token as string;
  };
  const list = (token: string) => t.request({ method: 'GET', url: '/api/sessions', token });
  const me = (token: string) => t.request({ method: 'GET', url: '/api/me', token });
  const sessionEnds = (userId: number) =>
    t.context.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'auth.session_ended')
      .where('entity_id', '=', userId)
      .orderBy('id')
      .execute();

  it('lists the caller’s live sessions with start, last use, address and browser, this one marked, no token', async () => {
    const user = await t.createUser('mpc');
    const other = await t.createUser('mpc');
    const laptop = await signInFrom(user, CHROME, '203.0.113.5');
    t.clock.advance(2 * 60 * 1000);
    const phone = await signInFrom(user, FIREFOX, '198.51.100.9');
    await signInFrom(other, CHROME, '203.0.113.6');
    const response = await list(laptop);
    expect(response.statusCode).toBe(200);
    const sessions = response.json().data;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ ip: '198.51.100.9', browser: 'Firefox 133 on Linux', current: false });
    expect(sessions[1]).toMatchObject({
      ip: '203.0.113.5',
      browser: 'Chrome 131 on Windows',
      current: true,
      created_at: '2026-04-01T09:00:00.000Z',
    });
    expect(response.body).not.toContain(laptop);
    expect(response.body).not.toContain(phone);
    expect(Object.keys(sessions[0]).sort()).toEqual(
      ['browser', 'created_at', 'current', 'id', 'ip', 'last_used_at', 'user_agent'].sort(),
    );
  });

  it('leaves out sessions that expired (12 hours unused)', async () => {
    const user = await t.createUser('pc');
    await t.signIn(user);
    t.clock.advance(12 * 60 * 60 * 1000 + 1000);
    const fresh = await t.signIn(user);
    expect((await list(fresh)).json().data).toHaveLength(1);
  });

  it('signs out one other session, which then answers 401, and audits it; another user’s session is 404', async () => {
    const user = await t.createUser('executor');
    const here = await t.signIn(user);
    const there = await t.signIn(user);
    const stranger = await t.signIn(await t.createUser('executor'));
    const thereRow = ((await list(here)).json().data as { id: number; current: boolean }[]).find((row) => !row.current);
    const otherRow = (await list(stranger)).json().data[0] as { id: number };
    const ended = await t.request({ method: 'DELETE', url: `/api/sessions/${thereRow?.id}`, token: here });
    expect([ended.statusCode, ended.json().message]).toEqual([200, SESSION_MESSAGES.ended]);
    expect((await me(there)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
    const foreign = await t.request({ method: 'DELETE', url: `/api/sessions/${otherRow.id}`, token: here });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, SESSION_MESSAGES.notFound]);
    expect((await me(stranger)).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: '/api/sessions/abc', token: here })).statusCode).toBe(422);
    expect((await sessionEnds(user.id)).map((row) => JSON.parse(row.details ?? '{}'))).toEqual([
      { reason: 'signed_out_elsewhere', count: 1 },
    ]);
  });

  it('signs out everywhere with {all: true}, and only this session without it', async () => {
    const user = await t.createUser('client');
    const one = await t.signIn(user);
    const two = await t.signIn(user);
    const three = await t.signIn(user);
    expect((await t.request({ method: 'POST', url: '/api/logout', token: one })).statusCode).toBe(200);
    expect([(await me(one)).statusCode, (await me(two)).statusCode]).toEqual([401, 200]);
    const all = await t.request({ method: 'POST', url: '/api/logout', token: two, payload: { all: true } });
    expect([all.statusCode, all.json().message]).toEqual([200, SESSION_MESSAGES.endedAll]);
    expect([(await me(two)).statusCode, (await me(three)).statusCode]).toEqual([401, 401]);
    expect((await sessionEnds(user.id)).map((row) => JSON.parse(row.details ?? '{}'))).toEqual([
      { reason: 'signed_out', count: 1 },
      { reason: 'signed_out_everywhere', count: 2 },
    ]);
    const bad = await t.request({
      method: 'POST',
      url: '/api/logout',
      token: await t.signIn(user),
      payload: { all: 'yes' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('ends every session of a user who is disabled, and audits it', async () => {
    const admin = await t.createUser('admin');
    const mpc = await t.createUser('mpc');
    const adminToken = await t.signIn(admin);
    const mpcToken = await t.signIn(mpc);
    await t.signIn(mpc);
    const disabled = await setUserStatusThroughApi(t, adminToken, mpc.id, 'deactivated');
    expect(disabled.statusCode).toBe(200);
    expect((await me(mpcToken)).statusCode).toBe(401);
    expect((await sessionEnds(mpc.id)).map((row) => JSON.parse(row.details ?? '{}'))).toEqual([
      { reason: 'user_disabled', count: 2 },
    ]);
  });

  it('tells a disabled user’s next calls why, who disabled it and whom to ask, and keeps that session ended once enabled again', async () => {
    const admin = await t.createUser('admin');
    const name = { first_name: 'Asha', last_name: 'Rao <b>' };
    await t.context.db.updateTable('users').set(name).where('id', '=', admin.id).execute();
    const mpc = await t.createUser('mpc');
    const mpcToken = await t.signIn(mpc);
    await setUserStatusThroughApi(t, await t.signIn(admin), mpc.id, 'deactivated');
    const expected = {
      status: 'error',
      code: 'ACCOUNT_DISABLED',
      message: 'Your account has been disabled by Asha Rao <b>. Contact your firm if you need it back.',
      errors: {},
    };
    // Every call the open tab makes says the same, not a bare "Please sign in".
    for (const url of ['/api/me', '/api/sessions']) {
      const answer = await t.request({ method: 'GET', url, token: mpcToken });
      expect([answer.statusCode, answer.json()]).toEqual([401, expected]);
    }
    // Enabled again, the old session stays ended: a new sign-in is needed.
    await setUserStatusThroughApi(t, await t.signIn(admin), mpc.id, 'active');
    expect((await me(mpcToken)).statusCode).toBe(401);
    expect((await me(await t.signIn(mpc))).statusCode).toBe(200);
  });
});
