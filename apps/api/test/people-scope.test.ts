import { beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from './support/multipart.js';
import {
  CHOSEN_PASSWORD,
  createServices,
  createUserThroughApi,
  mpcFields,
  postUserForm,
  qualificationProof,
} from './support/people.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { setUserStatusThroughApi } from './support/user-status.js';

type Firm = { mpc: { id: number; token: string }; pc: { id: number; token: string }; client: { id: number } };

describe.each(listTestDialects())('who reaches whom, across roles and firms, on %s', (dialect) => {
  const t = useTestApp('test', dialect);
  let admin: string;
  let services: number[];
  let firmA: Firm;
  let firmB: Firm;

  /** Firm `label`'s person of a role: `pcA@firm.in`, `clientB@firm.in`. */
  const personFields = (role_id: number, name: 'Pc' | 'Client', label: string) => ({
    role_id,
    first_name: `${name}${label}`,
    last_name: 'X',
    email: `${name.toLowerCase()}${label}@firm.in`,
    mobile_number: '9876543210',
    password: 'Secret@123',
  });

  async function buildFirm(label: string): Promise<Firm> {
    const mpc = await createUserThroughApi(t, admin, mpcFields(services, { first_name: `Mpc${label}` }), [
      qualificationProof,
    ]);
    const mpcToken = await t.signIn(mpc);
    const pc = await createUserThroughApi(t, mpcToken, personFields(3, 'Pc', label));
    const client = await createUserThroughApi(
      t,
      mpcToken,
      {
        ...personFields(5, 'Client', label),
        pincode: '560001',
        city: 'Bengaluru',
        state: 'Karnataka',
        country: 'IN',
        nature_of_service: [services[0] as number],
        pan_number: 'ABCPE1234F',
      },
      [{ field: 'pan_proof', name: 'pan.png', content: SAMPLE_FILES.png }],
    );
    return {
      mpc: { id: mpc.id, token: mpcToken },
      pc: { id: pc.id, token: await t.signIn(pc) },
      client: { id: client.id },
    };
  }

  beforeEach(async () => {
    admin = await t.signIn(await t.createUser('admin'));
    services = await createServices(t, admin, ['GST', 'ITR']);
    firmA = await buildFirm('A');
    firmB = await buildFirm('B');
  });

  it('an MPC or PC token gets 403 or 404 on every admin endpoint', async () => {
    for (const token of [firmA.mpc.token, firmA.pc.token]) {
      const calls = [
        t.request({ method: 'GET', url: '/api/user/userListByRole/2', token }),
        t.request({ method: 'GET', url: '/api/user/list/2', token }),
        t.request({ method: 'GET', url: `/api/user/detail/${firmB.mpc.id}`, token }),
        t.request({ method: 'GET', url: `/api/user/totalUser/${firmB.mpc.id}`, token }),
        setUserStatusThroughApi(t, token, firmB.mpc.id, 'deactivated'),
        postUserForm(t, token, '/api/user/create', mpcFields(services), [qualificationProof]),
        postUserForm(t, token, '/api/user/edit', {
          user_id: firmB.mpc.id,
          first_name: 'X',
          last_name: 'Y',
          email: 'x@y.in',
          mobile_number: '9876543210',
        }),
        t.request({ method: 'POST', url: '/api/service/create', token, payload: { service_name: 'Audit' } }),
      ];
      for (const response of await Promise.all(calls)) {
        expect([403, 404]).toContain(response.statusCode);
        expect(response.json().status).toBe('error');
      }
    }
  });

  it('firm A never sees firm B: lists, details, totals and disabling', async () => {
    const list = await t.request({ method: 'GET', url: '/api/user/userListByRole/5', token: firmA.mpc.token });
    expect(list.json().data.data.map((user: { id: number }) => user.id)).toEqual([firmA.client.id]);
    for (const url of [
      `/api/user/detail/${firmB.client.id}`,
      `/api/user/detail/${firmB.pc.id}`,
      `/api/user/totalUser/${firmB.pc.id}`,
    ]) {
      const response = await t.request({ method: 'GET', url, token: firmA.mpc.token });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('User not found.');
    }
    const disable = await setUserStatusThroughApi(t, firmA.mpc.token, firmB.client.id, 'deactivated');
    expect(disable.statusCode).toBe(404);
    const summary = await t.request({ method: 'GET', url: '/api/user/userByRole', token: firmA.mpc.token });
    expect(summary.json().data).toEqual([
      { role_id: 3, name: 'PC', user_count: 1 },
      { role_id: 4, name: 'Executor', user_count: 0 },
      { role_id: 5, name: 'Client', user_count: 1 },
    ]);
  });

  it('a PC reaches only what it created', async () => {
    const executor = await createUserThroughApi(t, firmA.pc.token, {
      role_id: 4,
      first_name: 'Exec',
      last_name: 'A',
      email: 'exec.a@firm.in',
      mobile_number: '9876543210',
      password: 'Secret@123',
    });
    const list = await t.request({ method: 'GET', url: '/api/user/userListByRole/4', token: firmA.pc.token });
    expect(list.json().data.data.map((user: { id: number; status: string }) => [user.id, user.status])).toEqual([
      [executor.id, 'created'],
    ]);
    const clients = await t.request({ method: 'GET', url: '/api/user/userListByRole/5', token: firmA.pc.token });
    expect(clients.json().data.total).toBe(0);
    expect(
      (await t.request({ method: 'GET', url: `/api/user/detail/${firmA.client.id}`, token: firmA.pc.token }))
        .statusCode,
    ).toBe(404);
    const mpcList = await t.request({ method: 'GET', url: '/api/user/userListByRole/3', token: firmA.pc.token });
    expect(mpcList.statusCode).toBe(403);
  });

  it('the admin cannot read a firm client, its documents or the client list', async () => {
    expect(
      (await t.request({ method: 'GET', url: `/api/user/detail/${firmA.client.id}`, token: admin })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/user/userListByRole/5', token: admin })).statusCode).toBe(403);
    // The firm itself reads the client's document through its signed link.
    const detail = (
      await t.request({ method: 'GET', url: `/api/user/detail/${firmA.client.id}`, token: firmA.mpc.token })
    ).json().data;
    const link = detail.user_document[0].url as string;
    expect(link).toMatch(/^\/document\/pan_proof\/[a-f0-9]{32}\.png\?u=\d+&expires=\d+&sig=[\w-]+$/);
    expect((await t.request({ method: 'GET', url: link })).statusCode).toBe(200);
  });

  it('signed document links work, expire and fail when tampered with', async () => {
    const detail = (
      await t.request({ method: 'GET', url: `/api/user/detail/${firmA.client.id}`, token: firmA.mpc.token })
    ).json().data;
    const link = detail.user_document[0].url as string;
    const ok = await t.request({ method: 'GET', url: link });
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.headers['content-disposition']).toBe(`inline; filename="pan.png"; filename*=UTF-8''pan.png`);

    const [pathname, query] = link.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const otherFile = pathname.replace(/[a-f0-9]{32}/, 'a'.repeat(32));
    const longer = new URLSearchParams({
      expires: String(Number(params.get('expires')) + 3600),
      sig: params.get('sig') ?? '',
    });
    for (const tampered of [
      `${otherFile}?${query}`,
      `${pathname}?${longer}`,
      `${pathname}?expires=${params.get('expires')}&sig=${'x'.repeat(43)}`,
      pathname,
      `${pathname.replace('/pan_proof/', '/gst_proof/')}?${query}`,
    ]) {
      const response = await t.request({ method: 'GET', url: tampered });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('This link is not valid.');
    }
    t.clock.advance(31 * 60 * 1000);
    const expired = await t.request({ method: 'GET', url: link });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/expired/);
  });

  it('a client sees only itself', async () => {
    // createUserThroughApi took over the password the MPC typed, as the client's first sign-in must.
    const client = await t.signIn({ email: 'clientA@firm.in', password: CHOSEN_PASSWORD });
    expect(
      (await t.request({ method: 'GET', url: `/api/user/detail/${firmA.client.id}`, token: client })).statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/user/detail/${firmA.mpc.id}`, token: client })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/user/userListByRole/5', token: client })).statusCode).toBe(403);
    expect((await postUserForm(t, client, '/api/user/create', { role_id: 5 })).statusCode).toBe(403);
  });
});
