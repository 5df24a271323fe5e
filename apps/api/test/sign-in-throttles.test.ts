import { LOGIN_MESSAGES } from '@portal/contract/auth';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accountKeyOf } from '../src/modules/throttles/sign-in-throttle.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

const WINDOW_SECONDS = 15 * 60;

/** How many answers had each status code, e.g. { 401: 10, 429: 30 }. */
function countStatuses(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

function retryAfterOf(response: LightMyRequestResponse): number {
  return Number(response.headers['retry-after']);
}

describe.each(listTestDialects())('sign-in limits under concurrency on %s', (dialect) => {
  const t = useTestApp('test', dialect);

  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.request({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

  const loginAtOnce = (count: number, attempt: (index: number) => Promise<LightMyRequestResponse>) =>
    Promise.all(Array.from({ length: count }, (_, index) => attempt(index)));

  it('checks at most 10 of 40 parallel wrong passwords for one account and refuses the rest with 429', async () => {
    const admin = await t.createUser('admin');
    const responses = await loginAtOnce(40, (index) =>
      login(index % 2 ? admin.email : admin.username, 'Wrong@1234', `10.0.0.${index}`),
    );
    expect(countStatuses(responses)).toEqual({ 401: 10, 429: 30 });
    for (const refused of responses.filter((response) => response.statusCode === 429)) {
      expect(refused.json()).toEqual({ status: 'error', message: LOGIN_MESSAGES.throttled, errors: {} });
      expect(retryAfterOf(refused)).toBeGreaterThan(0);
      expect(retryAfterOf(refused)).toBeLessThanOrEqual(WINDOW_SECONDS);
    }
    // Even the right password waits for the window, which Retry-After counts down.
    expect((await login(admin.email, admin.password)).statusCode).toBe(429);
    t.clock.advance(10 * 60 * 1000);
    const later = await login(admin.email, admin.password);
    expect(later.statusCode).toBe(429);
    expect(retryAfterOf(later)).toBeGreaterThan(0);
    expect(retryAfterOf(later)).toBeLessThanOrEqual(5 * 60);
    t.clock.advance(retryAfterOf(later) * 1000);
    expect((await login(admin.email, admin.password)).statusCode).toBe(200);
  });

  it('checks at most 100 of 150 parallel failures from one address over different accounts', async () => {
    const admin = await t.createUser('admin');
    const office = '203.0.113.7';
    const responses = await loginAtOnce(150, (index) => login(`user${index}@example.in`, 'Wrong@1234', office));
    expect(countStatuses(responses)).toEqual({ 401: 100, 429: 50 });
    const refused = responses.find((response) => response.statusCode === 429) as LightMyRequestResponse;
    expect(refused.json().message).toBe(LOGIN_MESSAGES.throttled);
    expect(retryAfterOf(refused)).toBeGreaterThan(0);
    expect(retryAfterOf(refused)).toBeLessThanOrEqual(WINDOW_SECONDS);

    expect((await login(admin.email, admin.password, office)).statusCode).toBe(429);
    // The address refused that attempt, so the account did not lose it: ten failures still get checked.
    const elsewhere = await loginAtOnce(10, (index) => login(admin.email, 'Wrong@1234', `198.51.100.${index}`));
    expect(countStatuses(elsewhere)).toEqual({ 401: 10 });
  });

  it('signs in with the right password after failures and gives the account its full budget back', async () => {
    const admin = await t.createUser('admin');
    const failures = await loginAtOnce(6, () => login(admin.email, 'Wrong@1234'));
    expect(countStatuses(failures)).toEqual({ 401: 6 });
    expect((await login(admin.username, admin.password)).statusCode).toBe(200);

    const again = await loginAtOnce(12, () => login(admin.email, 'Wrong@1234'));
    expect(countStatuses(again)).toEqual({ 401: 10, 429: 2 });
  });

  it('does not spend the address budget on successful sign-ins', async () => {
    const staff = await t.createUser('pc');
    const office = '203.0.113.50';
    for (let signIn = 0; signIn < 30; signIn += 1) {
      expect((await login(staff.email, staff.password, office)).statusCode).toBe(200);
    }
    // Had the 30 successes counted, only 70 of these would be checked.
    const failures = await loginAtOnce(100, (index) => login(`nobody${index}@example.in`, 'Wrong@1234', office));
    expect(countStatuses(failures)).toEqual({ 401: 100 });
    expect((await login(staff.email, staff.password, office)).statusCode).toBe(429);
  });

  it('keeps counting failures of a deactivated account and of unknown names', async () => {
    const gone = await t.createUser('pc', { status: 'deactivated' });
    const responses = await loginAtOnce(12, () => login(gone.email, gone.password));
    expect(countStatuses(responses)).toEqual({ 401: 10, 429: 2 });
    const unknown = await loginAtOnce(12, () => login('Ghost@Example.in', 'Wrong@1234'));
    expect(countStatuses(unknown)).toEqual({ 401: 10, 429: 2 });
    // An unknown name is counted whatever its letter case.
    expect((await login('ghost@example.in', 'Wrong@1234')).statusCode).toBe(429);
  });

  it('prunes counters whose window has passed', async () => {
    await loginAtOnce(5, (index) => login(`gone${index}@example.in`, 'Wrong@1234'));
    const counters = () => t.context.db.selectFrom('throttle_counters').select('key').execute();
    expect((await counters()).length).toBe(6);
    t.clock.advance(WINDOW_SECONDS * 1000);
    await login('last@example.in', 'Wrong@1234', '192.0.2.1');
    // An unknown name is kept only as a hash: it may be a password typed into the wrong box.
    expect((await counters()).map((row) => row.key).sort()).toEqual([
      `sign-in-account:${accountKeyOf(undefined, 'last@example.in')}`,
      'sign-in-address:192.0.2.1',
    ]);
    expect(JSON.stringify(await counters())).not.toContain('last@example.in');
  });
});
