import { MEMBER_MESSAGES } from '@portal/contract/family-members';
import { PRIVACY_MESSAGES } from '@portal/contract/privacy';
import { describe, expect, it } from 'vitest';
import { wireModuleHooks } from '../src/app.js';
import { readDataProtectionContact } from '../src/modules/privacy/data-protection-contact.service.js';
import { onConsentWithdrawn } from '../src/modules/privacy/privacy-hooks.js';
import { bindApiCall } from './support/api-call.js';
import { readAuditEvents } from './support/audit-log.js';
import { useFirmApp } from './support/firm.js';
import { buildMultipart } from './support/multipart.js';
import { listTestDialects } from './support/test-database.js';

/** What `onConsentWithdrawn` was fired with, across this file's tests (hooks live as long as the worker). */
const fired: { firmId: number; clientId: number; withdrawnAt: string }[] = [];
onConsentWithdrawn.listen(async (_context, event) => {
  fired.push(event);
});
// Another app built earlier in the same worker (as in the full suite) wired the hooks already: wiring them
// again must not make a withdrawal open a second request.
wireModuleHooks();

const CONTACT = { name: 'Anita Rao', email: 'privacy@raoandco.in', phone: '+91 80 4123 4567' };

describe.each(listTestDialects())('consent, its withdrawal, the contacts and minors on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const call = bindApiCall(t);
  const folderOf = (name: string) => ({
    folder_name: name,
    client_id: firm.client.id,
    service_id: firm.services[0],
    folder_id: '',
  });

  it("records a client's withdrawal, tells its MPC, fires the hook and leaves the client able to read only", async () => {
    const withdrawn = await t.request({
      method: 'POST',
      url: '/api/privacy/consent/withdraw',
      token: firm.client.token,
      payload: { confirm: true },
      remoteAddress: '198.51.100.4',
    });
    expect(withdrawn.statusCode).toBe(200);
    const at = t.clock.now().toISOString();
    expect(withdrawn.json().data).toMatchObject({ consent_withdrawn_at: at, accepted_version: null });

    const record = await t.context.db
      .selectFrom('privacy_consents')
      .selectAll()
      .where('user_id', '=', firm.client.id)
      .where('kind', '=', 'withdrawn')
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ firm_id: firm.mpc.id, version: 0, ip: '198.51.100.4' });
    expect(fired.at(-1)).toEqual({ firmId: firm.mpc.id, clientId: firm.client.id, withdrawnAt: at });
    expect((await readAuditEvents(t, 'privacy.consent_withdrawn')).at(-1)?.actor_id).toBe(firm.client.id);

    const bell = (await call('GET', '/api/notifications', firm.mpc.token)).json().data.data;
    // Told twice: of the withdrawal, and of the request it opened in the rights queue.
    expect(bell.map((notice: { kind: string }) => notice.kind).sort()).toEqual([
      'consent_withdrawn',
      'rights_requested',
    ]);
    const told = bell.find((notice: { kind: string }) => notice.kind === 'consent_withdrawn');
    expect(told).toMatchObject({ kind: 'consent_withdrawn', client_id: firm.client.id });
    expect(told.text).toMatch(/withdrew consent to the processing of their personal data/);

    // Still signed in and reading: its profile, its files, its work; nothing it could change.
    expect((await call('GET', '/api/me', firm.client.token)).json().data.consent_withdrawn_at).toBe(at);
    const files = await call('GET', `/api/serviceFiles/${firm.client.id}/${firm.services[0]}`, firm.client.token);
    expect(files.statusCode).toBe(200);
    expect((await call('GET', '/api/work', firm.client.token)).statusCode).toBe(200);
    const write = await call('POST', '/api/folder/create', firm.client.token, folderOf('Mine'));
    expect([write.statusCode, write.json().message]).toEqual([403, PRIVACY_MESSAGES.withdrawnReadOnly]);
    const twice = await call('POST', '/api/privacy/consent/withdraw', firm.client.token, { confirm: true });
    expect([twice.statusCode, twice.json().message]).toEqual([403, PRIVACY_MESSAGES.withdrawnReadOnly]);
    // The withdrawal waits in the firm's rights queue, and the client may still exercise its rights.
    const queue = (await call('GET', '/api/rights-requests', firm.mpc.token)).json().data.data;
    expect(queue).toEqual([expect.objectContaining({ kind: 'consent_withdrawal' })]);
    const erasure = await call('POST', '/api/me/rights-requests', firm.client.token, { kind: 'erasure', details: '' });
    expect(erasure.statusCode, erasure.body).toBe(201);

    // Its firm's list shows it among those without a live acceptance, withdrawn.
    const pending = (await call('GET', '/api/privacy/acceptances?filter=pending', firm.mpc.token)).json().data.data;
    expect(pending).toEqual([
      expect.objectContaining({ person: expect.objectContaining({ id: firm.client.id }), status: 'withdrawn', at }),
    ]);

    // Accepting the notice again gives consent again.
    expect((await call('POST', '/api/privacy/notice/accept', firm.client.token, { version: 0 })).statusCode).toBe(200);
    expect((await call('POST', '/api/folder/create', firm.client.token, folderOf('Again'))).statusCode).toBe(201);
    expect((await call('GET', '/api/me', firm.client.token)).json().data.consent_withdrawn_at).toBeNull();
  });

  it('lets a client asked to accept a new version decline it by withdrawing the consent it gave', async () => {
    const text = `## Notice\n\n${'We keep your PAN and returns to file them for you. '.repeat(3)}`;
    expect((await call('POST', '/api/privacy/notices', firm.mpc.token, { text })).statusCode).toBe(201);
    expect((await call('GET', '/api/work', firm.client.token)).statusCode).toBe(403);
    const declined = await call('POST', '/api/privacy/consent/withdraw', firm.client.token, { confirm: true });
    expect(declined.statusCode).toBe(200);
    const record = await t.context.db
      .selectFrom('privacy_consents')
      .select(['kind', 'version'])
      .where('user_id', '=', firm.client.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // What it withdrew is the version it had accepted.
    expect(record).toEqual({ kind: 'withdrawn', version: 0 });
    expect((await call('GET', '/api/work', firm.client.token)).statusCode).toBe(200);
  });

  it('lets only a client withdraw, and only when it means to', async () => {
    const unconfirmed = await call('POST', '/api/privacy/consent/withdraw', firm.client.token, {});
    expect([unconfirmed.statusCode, unconfirmed.json().errors]).toEqual([
      422,
      { confirm: [PRIVACY_MESSAGES.confirmRequired] },
    ]);
    for (const staff of [firm.pc, firm.executor, firm.mpc]) {
      const refused = await call('POST', '/api/privacy/consent/withdraw', staff.token, { confirm: true });
      expect(refused.statusCode).toBe(403);
    }
  });

  it("keeps the firm's data protection contact and the platform's, each shown to whom it concerns", async () => {
    expect((await call('GET', '/api/privacy/contact', firm.client.token)).json().data).toEqual({
      firm: null,
      platform: null,
    });
    const saved = await call('PUT', '/api/privacy/contact', firm.mpc.token, CONTACT);
    expect([saved.statusCode, saved.json().data]).toEqual([200, CONTACT]);
    const platform = { name: 'Portal Privacy Desk', email: 'dpo@portal.example', phone: '1800 123 4567' };
    expect((await call('PUT', '/api/privacy/platform-contact', admin.token, platform)).statusCode).toBe(200);
    // Saved again: still one row each.
    await call('PUT', '/api/privacy/contact', firm.mpc.token, { ...CONTACT, name: 'Anita R. Rao' });
    const rows = await t.context.db.selectFrom('data_protection_contacts').select(['firm_id', 'name']).execute();
    expect(rows.map((row) => row.name).sort()).toEqual(['Anita R. Rao', 'Portal Privacy Desk']);

    const renamed = { ...CONTACT, name: 'Anita R. Rao' };
    expect((await call('GET', '/api/privacy/contact', firm.client.token)).json().data).toEqual({
      firm: renamed,
      platform: null,
    });
    expect((await call('GET', '/api/privacy/contact', firm.pc.token)).json().data).toEqual({ firm: renamed, platform });
    expect((await call('GET', '/api/privacy/notice', firm.client.token)).json().data.contact).toEqual(renamed);
    expect(await readDataProtectionContact(t.context.db, firm.mpc.id)).toEqual(renamed);
    expect(await readAuditEvents(t, 'privacy.contact_updated')).toHaveLength(3);

    expect((await call('PUT', '/api/privacy/contact', firm.pc.token, CONTACT)).statusCode).toBe(403);
    expect((await call('PUT', '/api/privacy/platform-contact', firm.mpc.token, CONTACT)).statusCode).toBe(403);
  });

  it('refuses a contact without a name, with a bad email or phone, in the envelope', async () => {
    const answer = await call('PUT', '/api/privacy/contact', firm.mpc.token, {
      name: ' ',
      email: 'not-an-email',
      phone: '12-34',
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({
      status: 'error',
      errors: {
        name: [PRIVACY_MESSAGES.nameRequired],
        email: [PRIVACY_MESSAGES.emailInvalid],
        phone: [PRIVACY_MESSAGES.phoneInvalid],
      },
    });
  });

  it("refuses a minor family member without a guardian, and keeps a minor's guardian", async () => {
    const member = {
      member_name: 'Aarav Shah',
      mobile_number: '9876501234',
      email_id: 'aarav@example.in',
      service_id: firm.services[0],
      user_id: firm.client.id,
    };
    const missing = await call('POST', '/api/member/create', firm.client.token, { ...member, is_minor: true });
    expect([missing.statusCode, missing.json().errors]).toEqual([
      422,
      {
        guardian_name: [MEMBER_MESSAGES.guardianNameRequired],
        guardian_relation: [MEMBER_MESSAGES.guardianRelationRequired],
      },
    ]);

    // The form's multipart sends the checkbox as text.
    const { payload, headers } = buildMultipart({
      ...member,
      service_id: String(firm.services[0]),
      user_id: String(firm.client.id),
      is_minor: 'true',
      guardian_name: 'Meena Shah',
      guardian_relation: 'mother',
    });
    const added = await t.request({
      method: 'POST',
      url: '/api/member/create',
      token: firm.client.token,
      payload,
      headers,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({
      is_minor: true,
      guardian_name: 'Meena Shah',
      guardian_relation: 'mother',
    });

    // An adult keeps no guardian, whatever the form still held.
    const adult = await call('POST', '/api/member/create', firm.client.token, {
      ...member,
      member_name: 'Ravi Shah',
      is_minor: false,
      guardian_name: 'Someone',
      guardian_relation: 'father',
    });
    expect(adult.json().data).toMatchObject({ is_minor: false, guardian_name: null, guardian_relation: null });
    const listed = (await call('GET', `/api/member/list/${firm.client.id}`, firm.mpc.token)).json().data.data;
    expect(listed.map((row: { member_name: string; is_minor: boolean }) => [row.member_name, row.is_minor])).toEqual([
      ['Ravi Shah', false],
      ['Aarav Shah', true],
    ]);
  });
});
