import { AUTH_AUDIT_ACTIONS } from '@portal/contract/audit-actions-auth';
import { PASSWORD_MESSAGES } from '@portal/contract/passwords';
import { USER_MESSAGES as M } from '@portal/contract/user-messages';
import { describe, expect, it } from 'vitest';
import { useTestMailServer } from './support/mail-server.js';
import { readMeStatusOnNewSession } from './support/sign-in.js';
import { TEST_PASSWORD, useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

describe.each(listTestDialects())('changing one own password on %s', (dialect) => {
  const smtp = useTestMailServer('block');
  const t = useTestApp('block', dialect, () => ({ env: { SMTP_URL: smtp.url } }));

  const change = (token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: '/api/user/password', token, payload });
  const me = (token: string) => t.request({ method: 'GET', url: '/api/me', token });

  it.each(['admin', 'mpc', 'pc', 'executor', 'client'] as const)(
    'lets a %s change it: other sessions end, this one stays, the new password signs in and a notice is mailed',
    async (role) => {
      const user = await t.createUser(role);
      const here = await t.signIn(user);
      const elsewhere = await t.signIn(user);
      const response = await change(here, {
        current_password: TEST_PASSWORD,
        password: 'Brand@New1',
        password_confirmation: 'Brand@New1',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(PASSWORD_MESSAGES.changed);
      expect(response.json().data.user).toMatchObject({ id: user.id, password_change_required: false });
      expect((await me(here)).statusCode).toBe(200);
      expect((await me(elsewhere)).statusCode).toBe(401);
      await expect(t.signIn(user)).rejects.toThrow(/401/);
      expect(await readMeStatusOnNewSession(t, { email: user.email, password: 'Brand@New1' })).toBe(200);
      const notice = await smtp.waitForMail(user.email);
      expect(notice.subject).toBe('Practice Portal: your password was changed');
      expect(notice.text).not.toContain('Brand@New1');
      const actions = await t.context.db
        .selectFrom('audit_log')
        .select(['action', 'details'])
        .where('actor_id', '=', user.id)
        .where('action', 'in', [AUTH_AUDIT_ACTIONS.passwordChanged, AUTH_AUDIT_ACTIONS.sessionEnded])
        .execute();
      expect(actions.map((row) => row.action).sort()).toEqual(['auth.password_changed', 'auth.session_ended']);
      expect(JSON.parse(actions.find((row) => row.action === 'auth.session_ended')?.details ?? '{}')).toEqual({
        reason: 'password_changed',
        count: 1,
      });
    },
  );

  it('refuses a wrong current password, the spec rules, a different confirmation and the same password', async () => {
    const user = await t.createUser('pc');
    const token = await t.signIn(user);
    const wrong = await change(token, {
      current_password: 'Wrong@1234',
      password: 'Brand@New1',
      password_confirmation: 'Brand@New1',
    });
    expect([wrong.statusCode, wrong.json().errors]).toEqual([
      422,
      { current_password: [PASSWORD_MESSAGES.currentWrong] },
    ]);
    const weak = await change(token, {
      current_password: TEST_PASSWORD,
      password: 'short',
      password_confirmation: 'x',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors).toEqual({
      password: [M.passwordMin, M.passwordUpper, M.passwordNumber, M.passwordSpecial],
      password_confirmation: [PASSWORD_MESSAGES.confirmationDiffers],
    });
    const same = await change(token, {
      current_password: TEST_PASSWORD,
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
    });
    expect([same.statusCode, same.json().errors]).toEqual([422, { password: [PASSWORD_MESSAGES.sameAsCurrent] }]);
    const extra = await change(token, {
      current_password: TEST_PASSWORD,
      password: 'Brand@New1',
      password_confirmation: 'Brand@New1',
      role: 'admin',
    });
    expect(extra.statusCode).toBe(400);
    expect(
      (await t.request({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${await t.signIn(user)}` } }))
        .statusCode,
    ).toBe(200);
    expect((await change('', { current_password: 'x' })).statusCode).toBe(401);
  });

  it('counts current-password checks: 10 per account in 15 minutes, then 429 even with the right one', async () => {
    const user = await t.createUser('client');
    const token = await t.signIn(user);
    for (let n = 0; n < 10; n += 1) {
      const response = await change(token, {
        current_password: `Wrong@${n}aaa`,
        password: 'Brand@New1',
        password_confirmation: 'Brand@New1',
      });
      expect(response.statusCode).toBe(422);
    }
    const right = { current_password: TEST_PASSWORD, password: 'Brand@New1', password_confirmation: 'Brand@New1' };
    const refused = await change(token, right);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(15 * 60 * 1000);
    expect((await change(token, right)).statusCode).toBe(200);
  });
});
