import { PRODUCT_NAME } from '@portal/contract/product';
import { beforeAll, describe, expect, it } from 'vitest';
import { openConsentWithdrawalRequest } from '../src/modules/rights-requests/rights-requests.service.js';
import { bindApiCall } from './support/api-call.js';
import { readAuditEvents } from './support/audit-log.js';
import { buildFirm, type TestFirm } from './support/firm.js';
import { readOutbox } from './support/mail-server.js';
import { bindRightsRequestCalls } from './support/rights-requests.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

// Contacts the privacy module would answer (wired by app.ts once it lands); null for every other firm.
const CONTACTS = new Map<number, { name: string; email: string; phone: string }>();

/**
 * Clients' rights requests (issue 25, docs/decisions/0042): each kind from the client's ask to its answer,
 * who may see and act on a request, and validation (the queue and due dates: rights-queue.test.ts).
 */
describe.each(listTestDialects())('rights requests on %s', (dialect) => {
  const t = useTestApp('block', dialect);
  const call = bindApiCall(t);
  let firm: TestFirm;
  let other: TestFirm;

  const { ask, act, queue } = bindRightsRequestCalls(call);

  beforeAll(async () => {
    const admin = await t.signIn(await t.createUser('admin'));
    firm = await buildFirm(t, admin);
    other = await buildFirm(t, admin);
    // The firm's data protection contact, kept by the privacy module and read through app.ts's wiring.
    const contact = { name: 'Priya Rao', email: 'privacy@rao-associates.in', phone: '+91 98450 12345' };
    const saved = await t.request({
      method: 'PUT',
      url: '/api/privacy/contact',
      token: firm.mpc.token,
      payload: contact,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    CONTACTS.set(firm.mpc.id, contact);
  });

  it('takes each kind from the client to its answer: in progress, answered, the client told and mailed', async () => {
    const start = t.clock.now();
    for (const [kind, details] of [
      ['access', null],
      ['correction', 'My address changed to 12 MG Road, Bengaluru.'],
      ['erasure', 'Please erase my old mobile number.'],
      ['grievance', 'My PAN was shown to another client.'],
    ] as const) {
      const asked = await ask(firm.client, { kind, ...(details ? { details } : {}) });
      expect(asked).toMatchObject({ kind, details, status: 'received', overdue: false, answer: null });
      expect(asked.history.map((step: { action: string }) => step.action)).toEqual(['received']);
      // The firm's MPC is told of it on its bell.
      const bell = (await call('GET', '/api/notifications', firm.mpc.token)).json().data.data;
      expect(bell[0]).toMatchObject({ kind: 'rights_requested', client_id: firm.client.id });

      const started = await act(firm.mpc.token, asked.id, 'progress');
      expect(started.status).toBe('in_progress');
      // Marking it again changes nothing.
      expect((await act(firm.mpc.token, asked.id, 'progress')).history).toHaveLength(2);
      const answer = `Done for your ${kind} request.`;
      const answered = await act(firm.mpc.token, asked.id, 'answer', { answer });
      expect(answered).toMatchObject({ status: 'answered', answer, overdue: false, permissions: { act: false } });
      expect(answered.history.map((step: { action: string }) => step.action)).toEqual([
        'received',
        'in_progress',
        'answered',
      ]);

      // The client reads it with the answer and the firm's data protection contact; its firm's steps unnamed.
      const seen = (await call('GET', `/api/rights-requests/${asked.id}`, firm.client.token)).json().data;
      expect(seen).toMatchObject({ status: 'answered', answer, contact: CONTACTS.get(firm.mpc.id) });
      expect(seen.history.map((step: { actor: unknown }) => step.actor)).toEqual([
        { id: firm.client.id, name: expect.any(String) },
        null,
        null,
      ]);
      const told = (await call('GET', '/api/notifications', firm.client.token)).json().data.data;
      expect(told[0]).toMatchObject({ kind: 'rights_answered' });
    }
    // Erasure is answered in words: nothing of the client's is removed by the answer itself.
    expect((await call('GET', `/api/user/detail/${firm.client.id}`, firm.mpc.token)).statusCode).toBe(200);

    await t.context.mail.deliverDue();
    const mails = (await readOutbox(t.dataDir)).filter((mail) => mail.subject.includes('data request was answered'));
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual(
      Array(4).fill([firm.client.email, `${PRODUCT_NAME}: your data request was answered`]),
    );
    for (const text of [
      'Done for your grievance request.',
      'Priya Rao',
      'privacy@rao-associates.in',
      'Data Protection Board',
    ])
      expect(mails.at(-1)?.text).toContain(text);
    expect(mails.at(-1)?.text).toContain(`made on ${new Intl.DateTimeFormat('en-GB').format(start)}`);

    const logged = (await readAuditEvents(t, 'rights.%')).map((event) => event.action);
    expect(logged.filter((action) => action === 'rights.request')).toHaveLength(4);
    expect(logged.filter((action) => action === 'rights.progress')).toHaveLength(4);
    expect(logged.filter((action) => action === 'rights.answer')).toHaveLength(4);
  });

  it('refuses or closes with a reason the client reads; a closed request takes no answer (409)', async () => {
    const asked = await ask(firm.client, { kind: 'erasure' });
    const closed = await act(firm.mpc.token, asked.id, 'close', { reason: 'GST law keeps invoices for 72 months.' });
    expect(closed).toMatchObject({ status: 'closed', close_reason: 'GST law keeps invoices for 72 months.' });
    const late = await call('POST', `/api/rights-requests/${asked.id}/answer`, firm.mpc.token, { answer: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect((await call('POST', `/api/rights-requests/${asked.id}/progress`, firm.mpc.token)).statusCode).toBe(409);
    const mine = (await call('GET', '/api/me/rights-requests', firm.client.token)).json().data.data;
    expect(mine[0]).toMatchObject({
      id: asked.id,
      status: 'closed',
      close_reason: 'GST law keeps invoices for 72 months.',
    });
    expect((await call('GET', '/api/notifications', firm.client.token)).json().data.data[0].kind).toBe('rights_closed');
    expect((await readAuditEvents(t, 'rights.close')).at(-1)).toMatchObject({
      actor_id: firm.mpc.id,
      entity_type: 'rights_request',
      entity_id: asked.id,
      details: JSON.stringify({ kind: 'erasure' }),
    });
  });

  it('opens a consent withdrawal request when the privacy module says consent was withdrawn', async () => {
    const withdrawnAt = t.clock.now();
    const id = await t.context.db
      .transaction()
      .execute((trx) =>
        openConsentWithdrawalRequest(trx, { firmId: firm.mpc.id, clientId: firm.client.id, withdrawnAt }),
      );
    const request = (await call('GET', `/api/rights-requests/${id}`, firm.mpc.token)).json().data;
    expect(request).toMatchObject({ kind: 'consent_withdrawal', status: 'received', client: { id: firm.client.id } });
    expect(request.due_date > request.received_at.slice(0, 10)).toBe(true);
    expect(
      (await queue(firm.mpc.token, '?kind=consent_withdrawal')).data.map((row: { id: number }) => row.id),
    ).toContain(id);
    // The client cannot open one itself: it withdraws consent where the notice is.
    const asked = await call('POST', '/api/me/rights-requests', firm.client.token, { kind: 'consent_withdrawal' });
    expect(asked.statusCode).toBe(422);
  });

  it('refuses what is not valid: 422 per field, 400 for an unknown field, never a 500', async () => {
    const cases: [object, string][] = [
      [{ kind: 'correction' }, 'details'],
      [{ kind: 'grievance', details: '   ' }, 'details'],
      [{ kind: 'portability' }, 'kind'],
      [{}, 'kind'],
      [{ kind: 'erasure', details: 'x'.repeat(2001) }, 'details'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', '/api/me/rights-requests', firm.client.token, body);
      expect([JSON.stringify(body).slice(0, 40), response.statusCode, Object.keys(response.json().errors)]).toEqual([
        JSON.stringify(body).slice(0, 40),
        422,
        [field],
      ]);
    }
    expect(
      (await call('POST', '/api/me/rights-requests', firm.client.token, { kind: 'access', firm_id: 1 })).statusCode,
    ).toBe(400);
    const asked = await ask(firm.client, { kind: 'access' });
    for (const [step, body, field] of [
      ['answer', { answer: '' }, 'answer'],
      ['close', {}, 'reason'],
      ['answer', { answer: 'x'.repeat(5001) }, 'answer'],
    ] as const) {
      const response = await call('POST', `/api/rights-requests/${asked.id}/${step}`, firm.mpc.token, body);
      expect([response.statusCode, Object.keys(response.json().errors)]).toEqual([422, [field]]);
    }
    expect(
      (await call('PUT', `/api/users/${firm.pc.id}/rights-permission`, firm.mpc.token, { granted: 'yes' })).statusCode,
    ).toBe(422);
  });

  it('keeps each request to its client and firm: 404 out of reach, 403 to a PC its MPC has not allowed', async () => {
    const asked = await ask(firm.client, { kind: 'grievance', details: 'Who saw my data?' });
    const url = `/api/rights-requests/${asked.id}`;
    // Another firm's MPC and another client do not see it exists.
    expect((await call('GET', url, other.mpc.token)).statusCode).toBe(404);
    expect((await call('GET', url, other.client.token)).statusCode).toBe(404);
    expect((await call('POST', `${url}/answer`, other.mpc.token, { answer: 'No' })).statusCode).toBe(404);
    expect(
      (await queue(other.mpc.token, '?status=all&limit=100')).data.map((row: { id: number }) => row.id),
    ).not.toContain(asked.id);
    // The client reads its own but does not act on it; staff never ask as a client.
    expect((await call('POST', `${url}/progress`, firm.client.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/me/rights-requests', firm.mpc.token, { kind: 'access' })).statusCode).toBe(403);
    // The firm's PC and executor: refused until the MPC allows the PC; the executor never.
    for (const member of [firm.pc, firm.executor]) {
      expect((await call('GET', '/api/rights-requests', member.token)).statusCode).toBe(403);
      expect((await call('GET', url, member.token)).statusCode).toBe(403);
    }
    expect(
      (await call('PUT', `/api/users/${firm.executor.id}/rights-permission`, firm.mpc.token, { granted: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/users/${other.pc.id}/rights-permission`, firm.mpc.token, { granted: true })).statusCode,
    ).toBe(404);
    const granted = await call('PUT', `/api/users/${firm.pc.id}/rights-permission`, firm.mpc.token, { granted: true });
    expect(granted.json().data).toEqual({ granted: true });
    expect((await call('GET', '/api/me', firm.pc.token)).json().data.may_handle_rights).toBe(true);
    expect((await call('GET', url, firm.pc.token)).statusCode).toBe(200);
    expect((await act(firm.pc.token, asked.id, 'progress')).status).toBe('in_progress');
    // Allowed again no more: refused at once (its session reads the permission on every call).
    await call('PUT', `/api/users/${firm.pc.id}/rights-permission`, firm.mpc.token, { granted: false });
    expect((await call('GET', url, firm.pc.token)).statusCode).toBe(403);
    expect((await readAuditEvents(t, 'rights.grant')).map((event) => event.details)).toEqual([
      JSON.stringify({ granted: true }),
      JSON.stringify({ granted: false }),
    ]);
  });
});
