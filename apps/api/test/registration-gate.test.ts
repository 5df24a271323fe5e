import { beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_PENDING_MESSAGE } from '../src/policy/registration.policy.js';
import { uploadFileThroughApi } from './support/client-files.js';
import { clientFields, type Member, staffFields, useFirmApp } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { createUserThroughApi, type mpcFields, postUserForm } from './support/people.js';
import { signUpFirmPublicly } from './support/public-sign-up.js';
import { listTestDialects } from './support/test-database.js';

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };

describe.each(listTestDialects())('a user still completing its registration on %s', (dialect) => {
  const { t, firm } = useFirmApp('block', dialect);
  let fileId: number;
  beforeAll(async () => {
    const folder = await t.request({
      method: 'POST',
      url: '/api/folder/create',
      token: firm.mpc.token,
      payload: {
        folder_name: 'Returns',
        client_id: firm.client.id,
        service_id: firm.services[0],
        folder_id: '',
        path: '[]',
      },
    });
    fileId = (
      await uploadFileThroughApi(
        t,
        firm.mpc.token,
        {
          file_name: '',
          notes: '',
          is_deleted: '0',
          client_id: firm.client.id,
          service_id: firm.services[0] as number,
          folder_id: folder.json().data.folder_id,
          path: '[]',
        },
        [{ field: 'file', name: 'return.pdf', content: SAMPLE_FILES.pdf }],
      )
    ).json().data.file_id;
  });

  const call = (token: string, { method, url, payload }: Call) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });

  /** A new executor of the firm, made by its MPC: status `created` (docs/api-conventions.md). */
  async function newExecutor(): Promise<{ member: Member; fields: ReturnType<typeof staffFields> }> {
    const fields = staffFields(4, 'Executor');
    const user = await createUserThroughApi(t, firm.mpc.token, fields);
    // Assigned work waits for it: once registered, the file below is in its reach.
    await call(firm.mpc.token, {
      method: 'POST',
      url: '/api/service/assignExecutor',
      payload: { client_id: firm.client.id, service_id: firm.services[0], executor_id: user.id },
    });
    return { member: { ...user, token: await t.signIn(user) }, fields };
  }

  /** A self-registered MPC: status `created`, its own firm. */
  async function newMpc(): Promise<{ member: Member; fields: ReturnType<typeof mpcFields> }> {
    const { member, fields, status } = await signUpFirmPublicly(t, firm.services);
    expect(status).toBe('created');
    return { member, fields };
  }

  const deniedCalls = (self: Member): Call[] => [
    { method: 'GET', url: '/api/user/userListByRole/5' },
    { method: 'GET', url: '/api/user/list/5' },
    { method: 'GET', url: '/api/user/userByRole' },
    { method: 'GET', url: `/api/user/totalUser/${self.id}` },
    { method: 'PUT', url: '/api/user/update', payload: { first_name: 'X' } },
    { method: 'PUT', url: '/api/user/updateStatus', payload: { user_id: firm.client.id, status: 'deactivated' } },
    { method: 'GET', url: '/api/service/all' },
    { method: 'GET', url: '/api/service/allServices' },
    { method: 'POST', url: '/api/service/create', payload: { service_name: 'Audit' } },
    { method: 'GET', url: `/api/folders/${firm.client.id}/${firm.services[0]}` },
    {
      method: 'POST',
      url: '/api/folder/create',
      payload: { folder_name: 'X', client_id: firm.client.id, service_id: firm.services[0], folder_id: '', path: '[]' },
    },
    { method: 'DELETE', url: `/api/file/remove/${fileId}` },
    { method: 'GET', url: `/api/member/list/${firm.client.id}` },
    { method: 'GET', url: '/api/userLink/list' },
    { method: 'GET', url: `/api/service/assignService/${firm.client.id}` },
  ];

  async function expectOnlyItsOwnRecord(self: Member) {
    for (const denied of deniedCalls(self)) {
      const response = await call(self.token, denied);
      expect(response.statusCode, `${denied.method} ${denied.url}`).toBe(403);
      expect(response.json(), `${denied.method} ${denied.url}`).toEqual({
        status: 'error',
        message: REGISTRATION_PENDING_MESSAGE,
        errors: {},
      });
    }
    const create = await postUserForm(t, self.token, '/api/user/create', clientFields(firm.services));
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe(REGISTRATION_PENDING_MESSAGE);
    // Another user's record is outside its scope, which is itself only: 404, as for any record out of scope.
    for (const other of [firm.client.id, firm.mpc.id, firm.pc.id]) {
      expect((await call(self.token, { method: 'GET', url: `/api/user/detail/${other}` })).statusCode).toBe(404);
    }
    const editOther = await postUserForm(t, self.token, '/api/user/edit', {
      ...staffFields(3, 'Pc'),
      user_id: firm.pc.id,
    });
    expect(editOther.statusCode).toBe(404);
    // The download route is public (signed links) but a token sent to it passes the same gates.
    const download = await call(self.token, { method: 'GET', url: `/api/file/download/${fileId}` });
    expect([download.statusCode, download.json().message]).toEqual([403, REGISTRATION_PENDING_MESSAGE]);

    // What the "complete your registration" form loads.
    for (const allowed of [
      '/api/me',
      `/api/user/detail/${self.id}`,
      '/api/service/options',
      '/api/common/clientStatus',
      '/api/common/settings',
      '/api/common/pincode?pincode=560001',
    ]) {
      expect((await call(self.token, { method: 'GET', url: allowed })).statusCode, allowed).toBe(200);
    }
    expect((await t.request({ method: 'HEAD', url: '/api/me', token: self.token })).statusCode).toBe(200);
  }

  async function completeRegistration(self: Member, fields: Record<string, unknown>) {
    const {
      role_id: _role,
      password: _password,
      nature_of_service: services,
      ...own
    } = fields as Record<string, string | number>;
    const response = await postUserForm(t, self.token, '/api/user/edit', {
      ...own,
      ...(services ? { nature_of_service: JSON.stringify(services) } : {}),
      user_id: self.id,
      mobile_number: '9123456780',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: self.id, status: 'active', mobile_number: '9123456780' });
  }

  it('a new executor reads only itself until it completes its registration, then works normally', async () => {
    const { member, fields } = await newExecutor();
    await expectOnlyItsOwnRecord(member);

    await completeRegistration(member, fields);
    expect((await call(member.token, { method: 'GET', url: '/api/me' })).json().data.status).toBe('active');
    expect((await call(member.token, { method: 'GET', url: '/api/user/userListByRole/5' })).statusCode).toBe(200);
    expect((await call(member.token, { method: 'GET', url: '/api/service/all' })).statusCode).toBe(200);
    expect(
      (await call(member.token, { method: 'GET', url: `/api/folders/${firm.client.id}/${firm.services[0]}` }))
        .statusCode,
    ).toBe(200);
    expect((await call(member.token, { method: 'GET', url: `/api/file/download/${fileId}` })).statusCode).toBe(200);
    expect((await postUserForm(t, member.token, '/api/user/create', clientFields(firm.services))).statusCode).toBe(201);
    // Once active, the shared form no longer edits oneself (unchanged rule).
    expect(
      (await postUserForm(t, member.token, '/api/user/edit', { ...staffFields(4, 'E'), user_id: member.id }))
        .statusCode,
    ).toBe(403);
  });

  it('a self-registered MPC reads only itself until it completes its registration, then works normally', async () => {
    const { member, fields } = await newMpc();
    await expectOnlyItsOwnRecord(member);

    await completeRegistration(member, fields);
    expect((await call(member.token, { method: 'GET', url: '/api/user/userListByRole/3' })).statusCode).toBe(200);
    expect((await call(member.token, { method: 'GET', url: '/api/user/userByRole' })).statusCode).toBe(200);
    const client = await postUserForm(t, member.token, '/api/user/create', clientFields(firm.services));
    expect(client.statusCode).toBe(201);
  });

  it('signs out while still registering', async () => {
    const { member } = await newExecutor();
    const second = await t.signIn(member);
    expect((await call(second, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    expect((await call(second, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await call(member.token, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });

  it('reads its own sub-form secrets for the form, and nobody else’s', async () => {
    const { member } = await newExecutor();
    const own = await call(member.token, { method: 'GET', url: `/api/user/${member.id}/sensitive` });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual({ additional_data: null, sub_form_password_set: false });
    const others = await call(member.token, { method: 'GET', url: `/api/user/${firm.client.id}/sensitive` });
    expect(others.statusCode).toBe(404);
  });
});
