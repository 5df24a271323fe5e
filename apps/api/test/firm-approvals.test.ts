import { FIRM_APPROVAL_MESSAGES as M } from '@portal/contract/firm-approvals';
import { beforeAll, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { completeRegistration, type Member } from './support/firm.js';
import { useTestMailServer } from './support/mail-server.js';
import { createServices, mpcFields, postUserForm, qualificationProof } from './support/people.js';
import { signUpFirmPublicly } from './support/public-sign-up.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

/** A firm that signs itself up, with `REGISTRATION_APPROVAL=true`: its profile only, until the admin decides. */
describe.each(listTestDialects())('firms held for approval on %s', (dialect) => {
  const smtp = useTestMailServer('block');
  const t = useTestApp('block', dialect, () => ({
    env: { REGISTRATION_APPROVAL: 'true', SMTP_URL: smtp.url, APP_URL: 'https://portal.firm.in' },
  }));
  let adminToken: string;
  let services: number[];

  beforeAll(async () => {
    adminToken = await t.signIn(await t.createUser('admin'));
    services = await createServices(t, adminToken, ['GST Returns']);
  });

  /** Signs up a firm as the public form does and completes its registration, as its owner would. */
  async function signUpFirm(): Promise<Member> {
    const { member, fields } = await signUpFirmPublicly(t, services);
    return completeRegistration(t, member, fields);
  }

  const call = bindApiCall(t);

  it('lets a waiting firm complete its profile and nothing else, and lists it for the admin', async () => {
    const owner = await signUpFirm();
    const me = (await call('GET', '/api/me', owner.token)).json().data;
    expect(me).toMatchObject({ status: 'active', approval_pending: true });
    for (const [method, url] of [
      ['GET', '/api/user/userByRole'],
      ['GET', '/api/user/import/template'],
      ['POST', '/api/user/import/check'],
      ['POST', '/api/user/create'],
      ['GET', '/api/work'],
    ] as const) {
      const answer = await call(method, url, owner.token);
      expect([method, url, answer.statusCode, answer.json().message]).toEqual([method, url, 403, M.waiting]);
    }
    expect((await call('GET', `/api/user/detail/${owner.id}`, owner.token)).statusCode).toBe(200);

    const queue = (await call('GET', '/api/firm-approvals', adminToken)).json().data;
    expect(queue.data).toContainEqual({
      id: owner.id,
      name: expect.stringContaining('Meera'),
      // Signed up with the older, long body, which has no firm name.
      firm_name: null,
      email: owner.email,
      mobile_number: '9876543210',
      registered_at: expect.any(String),
      registration_completed: true,
    });
    // Only the admin holds the queue.
    expect((await call('GET', '/api/firm-approvals', owner.token)).statusCode).toBe(403);
  });

  it('pages the queue oldest first by keyset', async () => {
    const first = await signUpFirm();
    const second = await signUpFirm();
    const ids: number[] = [];
    let after = '';
    for (;;) {
      const page = (await call('GET', `/api/firm-approvals?limit=1${after}`, adminToken)).json().data;
      ids.push(...page.data.map((firm: { id: number }) => firm.id));
      if (page.next_after === null) break;
      after = `&after=${page.next_after}`;
    }
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
  });

  it('approves once: the owner is mailed and its firm works; a second decision finds nothing waiting', async () => {
    const owner = await signUpFirm();
    const approved = await call('POST', `/api/firm-approvals/${owner.id}/approve`, adminToken);
    expect([approved.statusCode, approved.json().message]).toEqual([200, M.approved]);
    const mail = await smtp.waitForMail(owner.email);
    expect(mail.subject).toBe('Practice Portal: your firm was approved');
    expect(mail.text).toContain('https://portal.firm.in/login');
    expect((await call('GET', '/api/me', owner.token)).json().data.approval_pending).toBe(false);
    expect((await call('GET', '/api/user/userByRole', owner.token)).statusCode).toBe(200);
    expect((await call('POST', `/api/firm-approvals/${owner.id}/reject`, adminToken, { reason: 'x' })).statusCode).toBe(
      404,
    );
    const queue = (await call('GET', '/api/firm-approvals?limit=100', adminToken)).json().data;
    expect(queue.data.map((firm: { id: number }) => firm.id)).not.toContain(owner.id);
  });

  it('rejects only with a reason, mails it, closes the account and ends its sessions', async () => {
    const owner = await signUpFirm();
    const noReason = await call('POST', `/api/firm-approvals/${owner.id}/reject`, adminToken, { reason: '  ' });
    expect([noReason.statusCode, noReason.json().errors]).toEqual([422, { reason: [M.reasonRequired] }]);
    const reason = 'We could not verify the ICAI membership number you gave. See icai.example/verify';
    const rejected = await call('POST', `/api/firm-approvals/${owner.id}/reject`, adminToken, { reason });
    expect([rejected.statusCode, rejected.json().message]).toEqual([200, M.rejected]);
    const mail = await smtp.waitForMail(owner.email);
    expect(mail.subject).toBe('Practice Portal: your registration was not approved');
    expect(mail.text).toContain('We could not verify the ICAI membership number you gave. See [link removed]');
    expect(mail.text).not.toContain('icai.example');
    expect((await call('GET', '/api/me', owner.token)).statusCode).toBe(401);
    const again = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect(again.statusCode).not.toBe(200);
    const events = await t.context.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('entity_id', '=', owner.id)
      .where('action', '=', 'firm.rejected')
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]?.details ?? '{}')).toEqual({ reason });
  });

  it('answers 404 for a user who is not a waiting firm, 422 for a cursor out of range', async () => {
    const admin = await t.createUser('admin');
    expect((await call('POST', `/api/firm-approvals/${admin.id}/approve`, adminToken)).statusCode).toBe(404);
    // A cursor past any id is a mistake of the caller's, not the server's.
    for (const after of ['2147483648', '99999999999', '-1', 'x'])
      expect((await call('GET', `/api/firm-approvals?after=${after}`, adminToken)).statusCode).toBe(422);
  });
});

describe.each(listTestDialects())('firms signing up without approval on %s', (dialect) => {
  const t = useTestApp('block', dialect);

  it('does not hold a firm when the platform does not ask for approval', async () => {
    const services = await createServices(t, await t.signIn(await t.createUser('admin')), ['ITR']);
    const { role_id: _role, ...fields } = mpcFields(services);
    expect((await postUserForm(t, undefined, '/api/register', fields, [qualificationProof])).statusCode).toBe(201);
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: fields.email, password: fields.password },
    });
    expect(signedIn.json().data.user.approval_pending).toBe(false);
  });
});
