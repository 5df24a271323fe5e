import { describe, expect, it } from 'vitest';
import { useFirm } from './support/firm.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

const BOUNDARY = '----portalhostile';
const multipart = (parts: string[]) => ({
  payload: `${parts.join('')}--${BOUNDARY}--\r\n`,
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
});
const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

describe.each(listTestDialects())('hostile input never gets a 500, on %s', (dialect) => {
  const t = useTestApp('block', dialect);
  const firm = useFirm('block', t);

  it.each(['toString', 'valueOf', 'constructor', 'hasOwnProperty'])(
    'a JSON field named %s is an unknown field (400), not a crash',
    async (name) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/login',
        payload: JSON.stringify({ email: 'a@b.in', password: 'x', [name]: 1 }),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 'error',
        message: 'The request contains fields that are not allowed.',
        errors: { [name]: ['This field is not allowed.'] },
      });
    },
  );

  it.each(['valueOf[]', 'toString', 'hasOwnProperty[]', '__proto__[]', 'constructor'])(
    'a multipart field named %s is refused as a client error on the form routes',
    async (name) => {
      for (const [url, token] of [
        ['/api/register', undefined],
        ['/api/user/edit', firm.mpc.token],
        ['/api/folder/uploadFile', firm.mpc.token],
        ['/api/member/create', firm.mpc.token],
      ] as const) {
        const response = await t.request({
          method: 'POST',
          url,
          token,
          remoteAddress: `10.6.0.${Math.floor(Math.random() * 250)}`,
          ...multipart([field('first_name', 'A'), field(name, 'x')]),
        });
        // 400 for the unknown field, or 422 when a required field is checked first: never a crash.
        expect([400, 422], `${url} ${name}`).toContain(response.statusCode);
        expect(response.json().status).toBe('error');
      }
    },
  );

  it('a multipart part without a name is a malformed form (400)', async () => {
    const nameless = `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n`;
    for (const url of ['/api/register', '/api/folder/uploadFile', '/api/member/create']) {
      const response = await t.request({ method: 'POST', url, token: firm.mpc.token, ...multipart([nameless]) });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe('The form data is malformed or incomplete. Please send it again.');
    }
  });

  it('a NUL character anywhere answers 400 on both databases, signed in or not', async () => {
    const nul = '\u0000';
    const answers = [
      await t.request({ method: 'POST', url: '/api/login', payload: { email: `a${nul}b@x.in`, password: 'x' } }),
      await t.request({
        method: 'PUT',
        url: '/api/user/update',
        token: firm.client.token,
        payload: {
          first_name: `A${nul}`,
          last_name: 'B',
          email: 'c@d.in',
          mobile_number: '9876543210',
          username: 'cd',
        },
      }),
      await t.request({ method: 'GET', url: '/api/user/userListByRole/5?name=%00', token: firm.mpc.token }),
      await t.request({ method: 'GET', url: '/api/common/pincode?pincode=56%0001', token: firm.mpc.token }),
      await t.request({
        method: 'POST',
        url: '/api/member/create',
        token: firm.mpc.token,
        ...multipart([field('member_name', `Kavya${nul}`)]),
      }),
    ];
    for (const response of answers) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe('The request contains a NUL character, which no field may hold.');
    }
  });
});
