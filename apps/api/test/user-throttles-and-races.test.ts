import { USER_MESSAGES as M } from '@portal/contract/user-messages';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { THROTTLE_MESSAGES } from '../src/modules/users/user-throttles.js';
import { findUserFieldOfUniqueViolation, updateUser } from '../src/modules/users/users.repository.js';
import { buildMultipart } from './support/multipart.js';
import { createServices, mpcFields, qualificationProof } from './support/people.js';
import { type TestUser, useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

type Fields = Record<string, string | number | (string | number)[] | undefined>;

function countStatuses(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

function atOnce<T>(count: number, run: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => run(index)));
}

describe.each(listTestDialects())('registration and profile limits and races on %s', (dialect) => {
  const t = useTestApp('test', dialect);
  let services: number[];
  beforeEach(async () => {
    services = await createServices(t, await t.signIn(await t.createUser('admin')), ['GST']);
  });

  const register = (fields: Fields, remoteAddress: string, files = [qualificationProof]) => {
    const { role_id: _role, ...rest } = fields;
    const { payload, headers } = buildMultipart(rest, files);
    return t.request({ method: 'POST', url: '/api/register', payload, headers, remoteAddress });
  };

  const updateProfile = (user: TestUser, token: string, changes: Record<string, string>) =>
    t.request({
      method: 'PUT',
      url: '/api/user/update',
      token,
      payload: { first_name: 'Same', last_name: 'Person', email: user.email, mobile_number: '9811122233', ...changes },
    });

  it('never lets more than 20 of 30 parallel registrations from one address through', async () => {
    const responses = await atOnce(30, () => register({ first_name: 'A' }, '203.0.113.9', []));
    expect(countStatuses(responses)).toEqual({ 422: 20, 429: 10 });
    const refused = responses.find((response) => response.statusCode === 429) as LightMyRequestResponse;
    expect(refused.json()).toEqual({ status: 'error', message: THROTTLE_MESSAGES.registration, errors: {} });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);

    // Refused before the body is read: a body that could not even be parsed still gets the 429.
    const garbage = await t.request({
      method: 'POST',
      url: '/api/register',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
      remoteAddress: '203.0.113.9',
    });
    expect(garbage.statusCode).toBe(429);
    expect((await register({ first_name: 'A' }, '198.51.100.9', [])).statusCode).toBe(422);

    t.clock.advance(retryAfter * 1000);
    expect((await register(mpcFields(services), '203.0.113.9')).statusCode).toBe(201);
  });

  it('registers one of several parallel sign-ups with the same email and answers 422 on email to the rest', async () => {
    const email = 'race@firm.in';
    const responses = await atOnce(5, (index) =>
      register(mpcFields(services, { email, last_name: `Racer${index}` }), `192.0.2.${index + 1}`),
    );
    expect(countStatuses(responses)).toEqual({ 201: 1, 422: 4 });
    for (const response of responses.filter((answer) => answer.statusCode === 422)) {
      expect(response.json()).toMatchObject({ status: 'error', errors: { email: [M.emailTaken] } });
    }
    const rows = await t.context.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('gives parallel sign-ups of the same name different usernames', async () => {
    const responses = await atOnce(4, (index) =>
      register(
        mpcFields(services, { first_name: 'Asha', last_name: 'Nair', email: `asha${index}@firm.in` }),
        `192.0.2.${index + 1}`,
      ),
    );
    expect(countStatuses(responses)).toEqual({ 201: 4 });
    const rows = await t.context.db.selectFrom('users').select('username').where('last_name', '=', 'Nair').execute();
    expect(rows.map((row) => row.username).sort()).toEqual(['ashanair', 'ashanair1', 'ashanair2', 'ashanair3']);
  });

  it('lets one of several parallel profile updates take a username and answers 422 on username to the rest', async () => {
    const people = await atOnce(4, () => t.createUser('pc'));
    const tokens = await atOnce(4, (index) => t.signIn(people[index] as TestUser));
    const responses = await atOnce(4, (index) =>
      updateProfile(people[index] as TestUser, tokens[index] as string, { username: 'wanted.name' }),
    );
    expect(countStatuses(responses)).toEqual({ 200: 1, 422: 3 });
    for (const response of responses.filter((answer) => answer.statusCode === 422)) {
      expect(response.json().errors).toEqual({ username: [M.usernameTaken] });
    }
  });

  it('lets one of several parallel profile updates take an email and answers 422 on email to the rest', async () => {
    const people = await atOnce(4, () => t.createUser('executor'));
    const tokens = await atOnce(4, (index) => t.signIn(people[index] as TestUser));
    const responses = await atOnce(4, (index) =>
      updateProfile(people[index] as TestUser, tokens[index] as string, {
        email: index % 2 ? 'Wanted@Firm.in' : 'wanted@firm.in',
        username: (people[index] as TestUser).username,
      }),
    );
    expect(countStatuses(responses)).toEqual({ 200: 1, 422: 3 });
    for (const response of responses.filter((answer) => answer.statusCode === 422)) {
      expect(response.json().errors).toEqual({ email: [M.emailTaken] });
    }
  });

  it('names the field of a unique index the database refused, on either dialect', async () => {
    const [first, second] = await atOnce(2, () => t.createUser('client'));
    const refusalOf = (values: { email?: string; username?: string; first_name?: string }) =>
      updateUser(t.context.db, (second as TestUser).id, values).then(
        () => 'accepted',
        (error: unknown) => findUserFieldOfUniqueViolation(error),
      );
    expect(await refusalOf({ username: (first as TestUser).username })).toBe('username');
    expect(await refusalOf({ email: (first as TestUser).email.toUpperCase() })).toBe('email');
    expect(await refusalOf({ first_name: 'Fine' })).toBe('accepted');
  });

  it('counts profile updates per account: 30 in 15 minutes, then 429 with Retry-After', async () => {
    const me = await t.createUser('mpc');
    const other = await t.createUser('mpc');
    const token = await t.signIn(me);
    const responses = await atOnce(35, (index) => updateProfile(me, token, { username: `me.${index}` }));
    expect(countStatuses(responses)).toEqual({ 200: 30, 429: 5 });
    const refused = responses.find((response) => response.statusCode === 429) as LightMyRequestResponse;
    expect(refused.json()).toEqual({ status: 'error', message: THROTTLE_MESSAGES.profileUpdate, errors: {} });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    // The limit is the account's own: another user is not affected.
    const otherToken = await t.signIn(other);
    expect((await updateProfile(other, otherToken, { username: 'other.one' })).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000);
    expect((await updateProfile(me, token, { username: 'me.again' })).statusCode).toBe(200);
  });
});
