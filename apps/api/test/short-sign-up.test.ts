import { FIRM_APPROVAL_MESSAGES as A } from '@portal/contract/firm-approvals';
import { REGISTRATION_MESSAGES as R } from '@portal/contract/registration';
import { USER_MESSAGES as M } from '@portal/contract/user-messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { useTestMailServer } from './support/mail-server.js';
import { createServices, postUserForm, qualificationProof } from './support/people.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

let counter = 0;
/** The short public sign-up of issue 22: who signs up and for which firm, nothing more. */
function signUpFields(overrides: Record<string, string> = {}) {
  counter += 1;
  return {
    first_name: 'Anita',
    last_name: `Rao${counter}`,
    email: `anita${counter}.${Date.now()}@rao-associates.in`,
    mobile_number: '9123456780',
    firm_name: 'Rao & Associates',
    password: 'Secret@123',
    password_confirmation: 'Secret@123',
    ...overrides,
  };
}

/** The rest of the MPC's profile, asked once at the completion step. */
const profileFields = (services: number[]) => ({
  address: '4 Residency Road',
  pincode: '560025',
  city: 'Bengaluru',
  state: 'Karnataka',
  pan_number: 'ABCPR1234K',
  qualification: 'ca',
  practice_since: '2015',
  nature_of_service: services,
});

describe.each(listTestDialects())('the short public sign-up on %s', (dialect) => {
  const smtp = useTestMailServer('block');
  const t = useTestApp('block', dialect, () => ({
    env: { REGISTRATION_APPROVAL: 'true', SMTP_URL: smtp.url, APP_URL: 'https://portal.firm.in' },
  }));
  const call = bindApiCall(t);
  let adminToken: string;
  let services: number[];

  beforeAll(async () => {
    adminToken = await t.signIn(await t.createUser('admin'));
    services = await createServices(t, adminToken, ['TDS Returns']);
  });

  /** Signs a firm up with the five short fields and signs its owner in. */
  async function signUp() {
    const fields = signUpFields();
    const registered = await postUserForm(t, undefined, '/api/register', fields);
    expect([registered.statusCode, registered.json().message]).toEqual([201, M.registered]);
    const signedIn = (
      await t.request({
        method: 'POST',
        url: '/api/login',
        payload: { email: fields.email, password: fields.password },
      })
    ).json().data;
    return { fields, id: signedIn.user.id as number, token: signedIn.token as string, user: signedIn.user };
  }

  const queuedFirm = async (id: number) =>
    (await call('GET', '/api/firm-approvals?limit=100', adminToken))
      .json()
      .data.data.find((firm: { id: number }) => firm.id === id);

  it('takes name, email, mobile, firm and password; the profile is asked once, at completion', async () => {
    const owner = await signUp();
    expect(owner.user).toMatchObject({ status: 'created', approval_pending: true, email: owner.fields.email });
    expect(await queuedFirm(owner.id)).toMatchObject({
      firm_name: 'Rao & Associates',
      mobile_number: '9123456780',
      registration_completed: false,
    });

    // Completing asks what the sign-up did not: address, qualification and its proof, services. The form
    // sends back the sign-up's fields as given (an edit always carries the four base fields).
    const { first_name, last_name, email, mobile_number } = owner.fields;
    const given = { user_id: owner.id, first_name, last_name, email, mobile_number };
    const bare = await postUserForm(t, owner.token, '/api/user/edit', given);
    expect(bare.statusCode).toBe(422);
    expect(Object.keys(bare.json().errors).sort()).toEqual(
      [
        'city',
        'nature_of_service',
        'pincode',
        'practice_since',
        'qualification',
        'qualification_proof',
        'state',
      ].sort(),
    );
    const completed = await postUserForm(t, owner.token, '/api/user/edit', { ...given, ...profileFields(services) }, [
      qualificationProof,
    ]);
    expect(completed.statusCode).toBe(200);
    // What was given at sign-up stays as given.
    expect(completed.json().data).toMatchObject({
      status: 'active',
      first_name: 'Anita',
      last_name: owner.fields.last_name,
      email: owner.fields.email,
      mobile_number: '9123456780',
      pan_number: 'ABCPR1234K',
      nature_of_service: services,
    });
    expect(await queuedFirm(owner.id)).toMatchObject({ registration_completed: true });

    const approved = await call('POST', `/api/firm-approvals/${owner.id}/approve`, adminToken);
    expect([approved.statusCode, approved.json().message]).toEqual([200, A.approved]);
    expect((await smtp.waitForMail(owner.fields.email)).subject).toBe('Practice Portal: your firm was approved');
    expect((await call('GET', '/api/user/userByRole', owner.token)).statusCode).toBe(200);
  });

  it('rejects a firm signed up the short way with its reason mailed, before or after its profile', async () => {
    const owner = await signUp();
    const reason = 'We could not find Rao & Associates in the ICAI firm register.';
    const rejected = await call('POST', `/api/firm-approvals/${owner.id}/reject`, adminToken, { reason });
    expect([rejected.statusCode, rejected.json().message]).toEqual([200, A.rejected]);
    const mail = await smtp.waitForMail(owner.fields.email);
    expect(mail.subject).toBe('Practice Portal: your registration was not approved');
    expect(mail.text).toContain(reason);
    expect((await call('GET', '/api/me', owner.token)).statusCode).toBe(401);
    const again = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: owner.fields.email, password: owner.fields.password },
    });
    expect(again.statusCode).not.toBe(200);
  });

  it('checks every sign-up field with the shared schema and refuses fields it does not know', async () => {
    const answer = await postUserForm(
      t,
      undefined,
      '/api/register',
      signUpFields({ firm_name: ' ', last_name: '', password: 'short', password_confirmation: 'other' }),
    );
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toMatchObject({
      firm_name: [R.firmNameRequired],
      last_name: [M.lastNameRequired],
      password: expect.arrayContaining([M.passwordMin]),
      password_confirmation: [R.confirmationMismatch],
    });
    const unknown = await postUserForm(t, undefined, '/api/register', { ...signUpFields(), role_id: '1' });
    expect(unknown.statusCode).toBe(400);
    const status = await postUserForm(t, undefined, '/api/register', { ...signUpFields(), status: 'active' });
    expect(status.statusCode).toBe(400);
  });
});
