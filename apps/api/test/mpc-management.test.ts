import fs from 'node:fs';
import path from 'node:path';
import { USER_MESSAGES as M } from '@portal/contract/user-messages';
import { beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from './support/multipart.js';
import { createServices, createUserThroughApi, mpcFields, postUserForm, qualificationProof } from './support/people.js';
import { createTestApp, type TestApp, useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { BASE_FIELDS_REQUIRED } from './support/user-form-errors.js';
import { setUserStatusThroughApi } from './support/user-status.js';

describe.each(listTestDialects())('admin manages MPCs on %s', (dialect) => {
  const t = useTestApp('test', dialect);
  let admin: string;
  let adminUser: Awaited<ReturnType<TestApp['createUser']>>;
  let services: number[];
  beforeEach(async () => {
    adminUser = await t.createUser('admin');
    admin = await t.signIn(adminUser);
    services = await createServices(t, admin, ['GST', 'ITR', 'TAN']);
  });

  const documentsOnDisk = () => fs.readdirSync(path.join(t.dataDir, 'documents'));
  const tempFiles = () => fs.readdirSync(path.join(t.dataDir, 'tmp'));

  it('creates an MPC with a generated username, its services and its proof, in the spec shape', async () => {
    const fields = mpcFields([services[0] as number, services[2] as number], {
      first_name: 'Meera',
      last_name: 'Iyer',
    });
    const response = await postUserForm(t, admin, '/api/user/create', fields, [qualificationProof]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(M.created);
    const mpc = body.data;
    expect(mpc).toMatchObject({
      first_name: 'Meera',
      last_name: 'Iyer',
      username: 'meeraiyer',
      status: 'active',
      user_role: { role_id: 2, name: 'mpc' },
      pincode: '560001',
      qualification: 'ca',
      practice_since: '2012',
      nature_of_service: [services[0], services[2]],
      other_detail: { qualification: 'ca', practice_since: '2012', pan_number: null },
      logo: null,
      profile_picture: null,
    });
    expect(mpc.firm_id).toBe(mpc.id);
    expect(mpc.user_service.map((entry: { service: { service_name: string } }) => entry.service.service_name)).toEqual([
      'GST',
      'TAN',
    ]);
    expect(mpc.user_document).toHaveLength(1);
    expect(mpc.user_document[0]).toMatchObject({ document_type: 'qualification_proof', original_name: 'degree.pdf' });
    expect(documentsOnDisk()).toEqual([mpc.user_document[0].store_name]);
    expect(tempFiles()).toEqual([]);
  });

  it('appends digits to a username that is taken', async () => {
    const first = await createUserThroughApi(t, admin, mpcFields(services, { first_name: 'Ravi', last_name: 'Shah' }), [
      qualificationProof,
    ]);
    const second = await createUserThroughApi(
      t,
      admin,
      mpcFields(services, { first_name: 'Ravi', last_name: 'Shah' }),
      [qualificationProof],
    );
    expect([first.username, second.username]).toEqual(['ravishah', 'ravishah1']);
  });

  // No password is no error: the admin may leave it empty and the MPC is mailed an invitation (issue 12).
  it('refuses an empty form with every message of the MPC form at once', async () => {
    const response = await postUserForm(t, admin, '/api/user/create', { role_id: 2 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      ...BASE_FIELDS_REQUIRED,
      pincode: [M.pincodeRequired],
      city: [M.cityRequired],
      state: [M.stateRequired],
      practice_since: [M.practiceSinceRequired],
      qualification: [M.qualificationRequired],
      nature_of_service: [M.natureOfServiceRequired],
      qualification_proof: [M.qualificationProofRequired],
    });
    expect(await t.context.db.selectFrom('users').select('id').where('role_id', '=', 2).execute()).toEqual([]);
  });

  // The form's rules are contract tests (packages/contract/src/user-form.test.ts, identifiers.test.ts):
  // here, that the endpoint answers one on its field and keeps no file, and the rule only the server knows.
  it.each([
    ['a weak password', { password: 'password' }, 'password', [M.passwordUpper, M.passwordNumber, M.passwordSpecial]],
    ['an unknown service', { nature_of_service: [99999] }, 'nature_of_service', [M.serviceInvalid]],
  ])('refuses %s with 422 on that field only', async (_case, change, field, messages) => {
    const response = await postUserForm(t, admin, '/api/user/create', mpcFields(services, change), [
      qualificationProof,
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [field]: messages });
    expect(documentsOnDisk()).toEqual([]);
    expect(tempFiles()).toEqual([]);
  });

  it('requires PAN, GST or TAN when edition validity checking is on', async () => {
    const strict = await createTestApp(dialect, { env: { REQUIRE_TAX_ID: 'true' } });
    try {
      const token = await strict.signIn(await strict.createUser('admin'));
      const [gst] = await createServices(strict, token, ['GST']);
      const missing = await postUserForm(strict, token, '/api/user/create', mpcFields([gst as number]), [
        qualificationProof,
      ]);
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({ pan_number: [M.taxIdRequired] });
      const given = await postUserForm(
        strict,
        token,
        '/api/user/create',
        mpcFields([gst as number], { pan_number: 'abcpe1234f' }),
        [qualificationProof],
      );
      expect(given.statusCode).toBe(201);
      expect(given.json().data.pan_number).toBe('ABCPE1234F');
    } finally {
      await strict.close();
    }
  });

  it('refuses a duplicate email in any letter case with 422 on email', async () => {
    const first = await createUserThroughApi(t, admin, mpcFields(services), [qualificationProof]);
    const response = await postUserForm(
      t,
      admin,
      '/api/user/create',
      mpcFields(services, { email: first.email.toUpperCase() }),
      [qualificationProof],
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [M.emailTaken] });
    expect(documentsOnDisk()).toHaveLength(1);
  });

  it('refuses fields no form has with 400, and a role the admin may not create with 403', async () => {
    const unknown = await postUserForm(t, admin, '/api/user/create', mpcFields(services, { status: 'active' }), [
      qualificationProof,
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ status: ['This field is not allowed.'] });
    const client = await postUserForm(t, admin, '/api/user/create', mpcFields(services, { role_id: 5 }), [
      qualificationProof,
    ]);
    expect(client.statusCode).toBe(403);
    const nonsense = await postUserForm(t, admin, '/api/user/create', mpcFields(services, { role_id: 9 }), [
      qualificationProof,
    ]);
    expect(nonsense.statusCode).toBe(422);
    expect(nonsense.json().errors).toEqual({ role_id: [M.roleInvalid] });
    expect(documentsOnDisk()).toEqual([]);
    expect(tempFiles()).toEqual([]);
  });

  it.each([
    ['an executable named .pdf', SAMPLE_FILES.exe],
    ['an HTML page named .pdf', SAMPLE_FILES.html],
  ])('refuses %s with 415, leaving no row and no file', async (_case, content) => {
    const response = await postUserForm(t, admin, '/api/user/create', mpcFields(services), [
      { field: 'qualification_proof', name: 'degree.pdf', content, type: 'application/pdf' },
    ]);
    expect(response.statusCode).toBe(415);
    expect(Object.keys(response.json().errors)).toEqual(['qualification_proof']);
    expect(documentsOnDisk()).toEqual([]);
    expect(tempFiles()).toEqual([]);
    expect(await t.context.db.selectFrom('users').select('id').where('role_id', '=', 2).execute()).toEqual([]);
  });

  it('refuses a file over MAX_UPLOAD_MB with 413, leaving nothing behind', async () => {
    const small = await createTestApp(dialect, { env: { MAX_UPLOAD_MB: '1' } });
    try {
      const token = await small.signIn(await small.createUser('admin'));
      const [gst] = await createServices(small, token, ['GST']);
      const big = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(1024 * 1024 + 10, 0x20)]);
      const response = await postUserForm(small, token, '/api/user/create', mpcFields([gst as number]), [
        { field: 'qualification_proof', name: 'big.pdf', content: big },
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json().status).toBe('error');
      expect(fs.readdirSync(path.join(small.dataDir, 'documents'))).toEqual([]);
      expect(fs.readdirSync(path.join(small.dataDir, 'tmp'))).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('lists MPCs newest first, paged by 10, with services, and filters by name, service and mobile', async () => {
    for (let index = 0; index < 12; index += 1) {
      const service = services[index % 3] as number;
      await createUserThroughApi(
        t,
        admin,
        mpcFields([service], {
          first_name: `Firm${index}`,
          last_name: 'Owner',
          mobile_number: `98765${String(index).padStart(5, '0')}`,
        }),
        [qualificationProof],
      );
    }
    const list = (query = '') => t.request({ method: 'GET', url: `/api/user/userListByRole/2${query}`, token: admin });
    const first = (await list('?page=1&limit=10')).json().data;
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(first.data[0]).toMatchObject({ first_name: 'Firm11', status: 'active' });
    expect(first.data[0].user_service[0].service.service_name).toBe('TAN');
    expect(first.data[0]).not.toHaveProperty('password_hash');
    expect((await list('?page=2')).json().data.data.map((user: { first_name: string }) => user.first_name)).toEqual([
      'Firm1',
      'Firm0',
    ]);

    const byName = (await list('?name=firm1')).json().data.data.map((user: { first_name: string }) => user.first_name);
    expect(byName).toEqual(['Firm11', 'Firm10', 'Firm1']);
    expect((await list('?name=firm1%20owner')).json().data.total).toBe(1);
    expect((await list(`?service_id=${services[0]}`)).json().data.total).toBe(4);
    expect(
      (await list('?mobile_number=00007')).json().data.data.map((user: { first_name: string }) => user.first_name),
    ).toEqual(['Firm7']);
    expect((await list('?name=%25')).json().data.total).toBe(0);
    expect((await list('?name=nobody')).json().data).toMatchObject({ total: 0, last_page: 1, data: [] });
  });

  it('lists MPCs for dropdowns', async () => {
    const mpc = await createUserThroughApi(t, admin, mpcFields(services, { first_name: 'Zed' }), [qualificationProof]);
    const response = await t.request({ method: 'GET', url: '/api/user/list/2', token: admin });
    expect(response.json().data).toEqual([
      { id: mpc.id, first_name: 'Zed', last_name: expect.any(String), username: mpc.username },
    ]);
  });

  it('edits an MPC: fields change, a replaced proof removes the old file, username stays read-only', async () => {
    const mpc = await createUserThroughApi(t, admin, mpcFields(services), [qualificationProof]);
    const before = documentsOnDisk();
    const response = await postUserForm(
      t,
      admin,
      '/api/user/edit',
      {
        user_id: mpc.id,
        first_name: 'Meenakshi',
        last_name: 'Iyer',
        email: mpc.email,
        mobile_number: '+91 91234 56789',
        nature_of_service: '[]',
      },
      [{ field: 'qualification_proof', name: 'new-degree.png', content: SAMPLE_FILES.png }],
    );
    expect(response.statusCode).toBe(200);
    const updated = response.json().data;
    expect(updated).toMatchObject({
      first_name: 'Meenakshi',
      mobile_number: '9123456789',
      username: mpc.username,
      nature_of_service: [],
    });
    expect(updated.pincode).toBe('560001');
    expect(updated.user_document[0].original_name).toBe('new-degree.png');
    // The replaced proof waits out the backup window under a tombstone, then housekeeping removes it.
    expect(documentsOnDisk()).toHaveLength(2);
    t.clock.advance(t.context.config.removedFilesKeptMs + 60 * 60 * 1000);
    await t.scheduler.tick();
    const after = documentsOnDisk();
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
    admin = await t.signIn(adminUser);

    const rename = await postUserForm(t, admin, '/api/user/edit', {
      user_id: mpc.id,
      first_name: 'A',
      last_name: 'B',
      email: mpc.email,
      mobile_number: '9123456789',
      username: 'hacker',
    });
    expect(rename.statusCode).toBe(400);
  });

  it('edits with only the four base fields required, and reports them', async () => {
    const mpc = await createUserThroughApi(t, admin, mpcFields(services), [qualificationProof]);
    const response = await postUserForm(t, admin, '/api/user/edit', {
      user_id: mpc.id,
      first_name: '',
      last_name: '',
      email: '',
      mobile_number: '',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(BASE_FIELDS_REQUIRED);
  });

  it('shows MPC details with role totals of its firm', async () => {
    const mpc = await createUserThroughApi(t, admin, mpcFields(services), [qualificationProof]);
    const mpcToken = await t.signIn(mpc);
    for (const [roleId, count] of [
      [3, 1],
      [4, 2],
      [5, 3],
    ] as const) {
      for (let index = 0; index < count; index += 1) {
        const fields = {
          role_id: roleId,
          first_name: `P${roleId}${index}`,
          last_name: 'X',
          email: `p${roleId}${index}@x.in`,
          mobile_number: '9876543210',
          password: 'Secret@123',
          ...(roleId === 5
            ? { pincode: '560001', city: 'B', state: 'K', country: 'IN', nature_of_service: [services[0] as number] }
            : {}),
        };
        await createUserThroughApi(t, mpcToken, fields);
      }
    }
    const totals = await t.request({ method: 'GET', url: `/api/user/totalUser/${mpc.id}`, token: admin });
    expect(totals.json().data).toEqual([
      { role_id: 3, name: 'PC', total: 1 },
      { role_id: 4, name: 'Executor', total: 2 },
      { role_id: 5, name: 'Client', total: 3 },
    ]);
    const summary = await t.request({ method: 'GET', url: '/api/user/userByRole', token: admin });
    expect(summary.json().data).toEqual([
      { role_id: 2, name: 'MPC', user_count: 1 },
      { role_id: 3, name: 'PC', user_count: 1 },
      { role_id: 4, name: 'Executor', user_count: 2 },
      { role_id: 5, name: 'Client', user_count: 3 },
    ]);
  });

  it('disables an MPC: the list shows it, its live token stops working and it cannot sign in', async () => {
    const mpc = await createUserThroughApi(t, admin, mpcFields(services), [qualificationProof]);
    const mpcToken = await t.signIn(mpc);
    const response = await setUserStatusThroughApi(t, admin, mpc.id, 'deactivated');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: M.disabled,
      data: { user: { id: mpc.id, status: 'deactivated' } },
    });
    expect((await t.request({ method: 'GET', url: '/api/me', token: mpcToken })).statusCode).toBe(401);
    const signIn = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: mpc.email, password: mpc.password },
    });
    expect(signIn.statusCode).toBe(401);
    const list = (await t.request({ method: 'GET', url: '/api/user/userListByRole/2', token: admin })).json().data.data;
    expect(list[0]).toMatchObject({ id: mpc.id, status: 'deactivated' });
  });

  it('does not let the admin disable itself, or set a status other than deactivated or active', async () => {
    const me = (await t.request({ method: 'GET', url: '/api/me', token: admin })).json().data;
    const self = await setUserStatusThroughApi(t, admin, me.id, 'deactivated');
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(M.cannotDisableSelf);
    const created = await setUserStatusThroughApi(t, admin, me.id, 'created');
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({ status: [M.statusInvalid] });
  });

  it('enables a disabled MPC again: it signs in, and enabling restores an unfinished registration', async () => {
    const mpc = await createUserThroughApi(t, admin, mpcFields(services), [qualificationProof]);
    const setStatus = (status: string, userId = mpc.id, token = admin) =>
      t.request({ method: 'PUT', url: '/api/user/updateStatus', token, payload: { user_id: userId, status } });
    expect((await setStatus('deactivated')).statusCode).toBe(200);
    const enabled = await setStatus('active');
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ message: M.enabled, data: { user: { id: mpc.id, status: 'active' } } });
    expect(
      (await t.request({ method: 'POST', url: '/api/login', payload: { email: mpc.email, password: mpc.password } }))
        .statusCode,
    ).toBe(200);
    // Enabling someone who is not disabled changes nothing.
    expect((await setStatus('active')).json().data.user.status).toBe('active');

    // An executor disabled before it completed its registration must still complete it.
    const mpcToken = await t.signIn(mpc);
    const executor = await createUserThroughApi(t, mpcToken, {
      role_id: 4,
      first_name: 'New',
      last_name: 'Executor',
      email: `new.executor.${Date.now()}@firm.in`,
      mobile_number: '9876543210',
      password: 'Secret@123',
    });
    expect((await setStatus('deactivated', executor.id, mpcToken)).statusCode).toBe(200);
    expect((await setStatus('active', executor.id, mpcToken)).json().data.user.status).toBe('created');
    // Another firm's MPC may neither disable nor enable it.
    const other = await createUserThroughApi(t, admin, mpcFields(services), [qualificationProof]);
    expect((await setStatus('deactivated', executor.id, await t.signIn(other))).statusCode).toBe(404);
  });
});
