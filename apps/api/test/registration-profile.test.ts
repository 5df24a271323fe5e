import { USER_MESSAGES as M } from '@portal/contract/user-messages';
import { beforeEach, describe, expect, it } from 'vitest';
import { createServices, mpcFields, postUserForm, qualificationProof } from './support/people.js';
import { createTestApp, useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { BASE_FIELDS_REQUIRED } from './support/user-form-errors.js';

describe.each(listTestDialects())('registration and own profile on %s', (dialect) => {
  const t = useTestApp('test', dialect);
  let services: number[];
  beforeEach(async () => {
    const admin = await t.signIn(await t.createUser('admin'));
    services = await createServices(t, admin, ['GST', 'ITR']);
  });

  const register = (fields: Record<string, string | number | (string | number)[] | undefined>) => {
    const { role_id: _role, ...rest } = fields;
    return postUserForm(t, undefined, '/api/register', rest, [qualificationProof]);
  };

  it('registers an MPC publicly with status created; it signs in and completes its registration', async () => {
    const fields = mpcFields(services, { first_name: 'Kiran', last_name: 'Das' });
    const response = await register(fields);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'success', message: M.registered });

    const signIn = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'kirandas', password: fields.password },
    });
    expect(signIn.statusCode).toBe(200);
    const { token, user } = signIn.json().data;
    expect(user).toMatchObject({ status: 'created', user_role: { name: 'mpc' } });
    expect(user.firm_id).toBe(user.id);

    const complete = await postUserForm(t, token, '/api/user/edit', {
      user_id: user.id,
      first_name: 'Kiran',
      last_name: 'Das',
      email: fields.email,
      mobile_number: '9876501234',
      nature_of_service: JSON.stringify(services),
    });
    expect(complete.statusCode).toBe(200);
    expect(complete.json().data).toMatchObject({
      status: 'active',
      mobile_number: '9876501234',
      nature_of_service: services,
    });

    // Once active, the shared form is no longer the way to change oneself.
    const again = await postUserForm(t, token, '/api/user/edit', {
      user_id: user.id,
      first_name: 'K',
      last_name: 'D',
      email: fields.email,
      mobile_number: '9876501234',
    });
    expect(again.statusCode).toBe(403);
  });

  it('applies the sign-up rules to registration and stores nothing on failure', async () => {
    const response = await postUserForm(t, undefined, '/api/register', { first_name: 'Only' });
    expect(response.statusCode).toBe(422);
    // The short sign-up (issue 22): the practice's profile is asked at the completion step instead.
    expect(Object.keys(response.json().errors).sort()).toEqual(
      ['email', 'firm_name', 'last_name', 'mobile_number', 'password'].sort(),
    );
    const roleSmuggled = await register({ ...mpcFields(services), role_id: undefined, status: 'active' });
    expect(roleSmuggled.statusCode).toBe(400);
    expect(await t.context.db.selectFrom('users').select('id').where('role_id', '=', 2).execute()).toEqual([]);
  });

  it('is closed with REGISTRATION_OPEN=false', async () => {
    const closed = await createTestApp(dialect, { env: { REGISTRATION_OPEN: 'false' } });
    try {
      const response = await postUserForm(closed, undefined, '/api/register', { first_name: 'A' }, [
        qualificationProof,
      ]);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(M.registrationClosed);
    } finally {
      await closed.close();
    }
  });

  it('limits registrations from one address to 20 an hour', async () => {
    let last = 0;
    for (let attempt = 0; attempt < 21; attempt += 1) {
      last = (await postUserForm(t, undefined, '/api/register', { first_name: 'A' })).statusCode;
      if (attempt < 20) expect(last).toBe(422);
    }
    expect(last).toBe(429);
  });

  it('updates the own profile: five fields, unique email and username', async () => {
    const me = await t.createUser('mpc');
    const other = await t.createUser('pc');
    const token = await t.signIn(me);
    const update = (payload: Record<string, string>) =>
      t.request({ method: 'PUT', url: '/api/user/update', token, payload });
    const fields = {
      first_name: 'Nisha',
      last_name: 'Rao',
      email: 'nisha@firm.in',
      mobile_number: '9811122233',
      username: 'Nisha.Rao',
    };

    const ok = await update(fields);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: M.profileUpdated,
      data: { user: { ...fields, username: 'nisha.rao' } },
    });
    expect(
      (await t.request({ method: 'POST', url: '/api/login', payload: { email: 'nisha.rao', password: me.password } }))
        .statusCode,
    ).toBe(200);

    const taken = await update({ ...fields, email: other.email.toUpperCase(), username: other.username });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: [M.emailTaken] });
    const takenName = await update({ ...fields, username: other.username });
    expect(takenName.json().errors).toEqual({ username: [M.usernameTaken] });

    const empty = await update({ first_name: '', last_name: '', email: '', mobile_number: '', username: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      ...BASE_FIELDS_REQUIRED,
      username: [M.usernameRequired],
    });
    const smuggled = await t.request({
      method: 'PUT',
      url: '/api/user/update',
      token,
      payload: { ...fields, status: 'active' },
    });
    expect(smuggled.statusCode).toBe(400);
  });
});

describe.each(listTestDialects())('pincode lookup and client statuses on %s', (dialect) => {
  const t = useTestApp('block', dialect);

  it.each([
    ['560001', 'Karnataka', 'Bengaluru'],
    ['110001', 'Delhi', 'Central Delhi'],
    ['194101', 'Ladakh', 'Leh'],
  ])('fills state and city for %s without signing in', async (pincode, statename, district) => {
    const response = await t.request({ method: 'GET', url: `/api/common/pincode?pincode=${pincode}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'success', data: { statename, district } });
  });

  it('answers a well-formed unknown pincode with empty fields, and a malformed one with 422', async () => {
    const unknown = await t.request({ method: 'GET', url: '/api/common/pincode?pincode=999999' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data).toEqual({ statename: '', district: '' });
    for (const bad of ['12345', '012345', 'abcdef', '']) {
      const response = await t.request({ method: 'GET', url: `/api/common/pincode?pincode=${bad}` });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ pincode: ['Enter a valid 6-digit pincode.'] });
    }
  });

  it('lists the 12 client statuses with their templates (the spec six and the identifier forms) to signed-in users', async () => {
    expect((await t.request({ method: 'GET', url: '/api/common/clientStatus' })).statusCode).toBe(401);
    const token = await t.signIn(await t.createUser('mpc'));
    const statuses = (await t.request({ method: 'GET', url: '/api/common/clientStatus', token })).json().data;
    expect(statuses).toHaveLength(12);
    expect(statuses[0]).toEqual({ value: 1, label: 'Individual', template: 'Individual' });
    expect(
      statuses
        .filter((status: { template: string | null }) => status.template)
        .map((status: { template: string }) => status.template),
    ).toEqual([
      'Individual',
      'Huf',
      'Firm',
      'AssociationOfPersons',
      'AopTrust',
      'BodyOfIndividuals',
      'ArtificialJuridicalPerson',
      'CooperativeSociety',
      'CompanyPublicInterested',
      'CompanyPublicNotInterested',
      'CompanyPrivate',
      'LocalAuthority',
    ]);
  });
});
