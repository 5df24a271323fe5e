import { REQUEST_LINK_MESSAGES as LM, type RequestLinkView } from '@portal/contract/request-links';
import type { DocumentRequest } from '@portal/contract/requests';
import { beforeEach, describe, expect, it } from 'vitest';
import { sendDueReminders } from '../src/modules/requests/request-reminders.js';
import { bindApiCall } from './support/api-call.js';
import { readAuditEvents } from './support/audit-log.js';
import { assignFirmStaff, buildFirm, type TestFirm } from './support/firm.js';
import { readOutbox } from './support/mail-server.js';
import { buildMultipart, type MultipartFile, SAMPLE_FILES } from './support/multipart.js';
import { mustAskForDocuments } from './support/requests.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork, tieRule } from './support/work.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(listTestDialects())('request links without a sign-in on %s', (dialect) => {
  const lines: string[] = [];
  const t = useTestApp('test', dialect, {
    env: { LOG_LEVEL: 'trace' },
    logStream: { write: (line: string) => void lines.push(line) },
  });
  let firm: TestFirm;
  let march: { id: number };
  let april: { id: number };
  const call = bindApiCall(t);

  beforeEach(async () => {
    lines.length = 0;
    const adminToken = await t.signIn(await t.createUser('admin'));
    firm = await buildFirm(t, adminToken);
    const gst = firm.services[0] as number;
    await assignFirmStaff(t, firm, { pc: gst });
    await tieRule(t, adminToken, 'GSTR3B_MONTHLY', gst);
    [march, april] = (await listAllWork(t)) as unknown as [{ id: number }, { id: number }];
  });

  /** The tokens of the request links mailed so far (the outbox: no SMTP here), oldest first. */
  async function mailedTokens(): Promise<string[]> {
    await t.context.mail.deliverDue();
    return (await readOutbox(t.dataDir)).flatMap((mail) =>
      [...mail.text.matchAll(/\/r\/([A-Za-z0-9_-]+)/g)].map((match) => match[1] as string),
    );
  }
  async function lastToken(): Promise<string> {
    const tokens = await mailedTokens();
    const token = tokens[tokens.length - 1];
    if (!token) throw new Error('no request link mailed');
    return token;
  }

  const open = (token: string, remoteAddress = '203.0.113.7') =>
    t.request({ method: 'GET', url: `/api/request-link/${token}`, remoteAddress });
  const upload = (token: string, itemId: number, file: Partial<MultipartFile> = {}, remoteAddress = '203.0.113.7') => {
    const { payload, headers } = buildMultipart({}, [
      { field: 'file', name: 'sales.pdf', content: SAMPLE_FILES.pdf, type: 'application/pdf', ...file },
    ]);
    return t.request({
      method: 'POST',
      url: `/api/request-link/${token}/items/${itemId}/upload`,
      payload,
      headers,
      remoteAddress,
    });
  };
  const refusal = async (answer: Promise<{ statusCode: number; json(): { message: string } }>) => {
    const response = await answer;
    return [response.statusCode, response.json().message];
  };
  const itemIds = (request: DocumentRequest) => request.items.map((item) => item.id) as [number, number];

  it('opens its own request alone and takes uploads against it, audited as the client by request link', async () => {
    const request = await mustAskForDocuments(t, firm.mpc.token, march.id, {
      items: ['Sales register', 'Purchase invoices'],
      message: 'For March, please.',
      due_date: '2026-04-10',
    });
    const token = await lastToken();
    expect(token).toHaveLength(43);

    const page = await open(token);
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const view = page.json().data as RequestLinkView;
    expect(view).toEqual({
      firm_name: expect.any(String),
      title: 'GSTR-3B · Mar 2026',
      service_name: expect.any(String),
      message: 'For March, please.',
      due_date: '2026-04-10',
      overdue: false,
      expires_at: new Date(t.clock.now().getTime() + 30 * DAY).toISOString(),
      max_upload_mb: expect.any(Number),
      items: [
        { id: request.items[0]?.id, name: 'Sales register', status: 'pending', reason: null, files: [] },
        { id: request.items[1]?.id, name: 'Purchase invoices', status: 'pending', reason: null, files: [] },
      ],
    });
    // Nothing of the client, no other request, no file ids or links.
    expect(page.body).not.toMatch(/client|email|download|file_id|sig=/);

    const [sales, invoices] = itemIds(request);
    const first = await upload(token, sales);
    expect(first.statusCode).toBe(201);
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    expect((first.json().data as RequestLinkView).items[0]).toMatchObject({
      status: 'uploaded',
      files: [{ file_name: 'sales.pdf', uploaded_at: t.clock.now().toISOString() }],
    });
    expect((await upload(token, invoices, { name: 'invoices.pdf' })).statusCode).toBe(201);

    // Staff read both, uploaded by the client; the link's end, never its token.
    const detail = await call('GET', `/api/requests/${request.id}`, firm.pc.token);
    const staffView = detail.json().data as DocumentRequest;
    expect(staffView.items.map((item) => [item.status, item.files[0]?.uploaded_by?.id])).toEqual([
      ['uploaded', firm.client.id],
      ['uploaded', firm.client.id],
    ]);
    expect(staffView.link).toEqual({ created_at: expect.any(String), expires_at: view.expires_at });
    expect(staffView.permissions).toMatchObject({ manage: true, send_link: true });
    expect(detail.body).not.toContain(token);
    // The client signed in reads no link state.
    expect((await call('GET', `/api/requests/${request.id}`, firm.client.token)).json().data.link).toBeNull();

    const events = await readAuditEvents(t, 'file.upload');
    expect(events.map((event) => [event.actor_id, JSON.parse(event.details ?? '{}').via])).toEqual([
      [firm.client.id, 'request_link'],
      [firm.client.id, 'request_link'],
    ]);
    const addresses = await t.context.db
      .selectFrom('audit_log')
      .select('ip')
      .where('action', '=', 'file.upload')
      .execute();
    expect(addresses.map((row) => row.ip)).toEqual(['203.0.113.7', '203.0.113.7']);
    const activity = (await call('GET', '/api/audit?action=file.upload', firm.mpc.token)).json().data.data;
    expect(activity.map((event: { action_label: string }) => event.action_label)).toEqual([
      'Uploaded a file by request link',
      'Uploaded a file by request link',
    ]);
    // Staff are told as of any upload against a request.
    const bell = (await call('GET', '/api/notifications', firm.pc.token)).json().data.data;
    expect(bell.filter((notice: { kind: string }) => notice.kind === 'request_upload')).toHaveLength(2);

    // The token never reached the log, though every line was written (trace).
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(token);
  });

  it("refuses another request's document, a wrong file, and grants nothing on any other route", async () => {
    const request = await mustAskForDocuments(t, firm.mpc.token, march.id);
    const token = await lastToken();
    const other = await mustAskForDocuments(t, firm.mpc.token, april.id);
    const filesBefore = await t.context.db.selectFrom('files').select('id').execute();

    const foreign = await upload(token, other.items[0]?.id as number);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'This document is not part of the request.']);
    const script = await upload(token, request.items[0]?.id as number, {
      name: 'sales.html',
      content: SAMPLE_FILES.html,
    });
    expect(script.statusCode).toBe(415);
    const exe = await upload(token, request.items[0]?.id as number, { name: 'sales.pdf', content: SAMPLE_FILES.exe });
    expect(exe.statusCode).toBe(415);
    expect(await t.context.db.selectFrom('files').select('id').execute()).toEqual(filesBefore);

    // The token as a bearer token or a cookie opens nothing else.
    for (const url of ['/api/me', '/api/requests', `/api/requests/${request.id}`, `/api/requests/${other.id}`]) {
      expect((await t.request({ method: 'GET', url, token })).statusCode).toBe(401);
      const cookie = await t.request({
        method: 'GET',
        url,
        headers: { cookie: `token=${token}; XSRF-TOKEN=${token}` },
      });
      expect(cookie.statusCode).toBe(401);
    }
    const upload2 = buildMultipart({}, [{ field: 'file', name: 'a.pdf', content: SAMPLE_FILES.pdf }]);
    const viaSession = await t.request({
      method: 'POST',
      url: `/api/requests/${request.id}/items/${request.items[0]?.id}/upload`,
      token,
      ...upload2,
    });
    expect(viaSession.statusCode).toBe(401);
    // A made-up token, or one of another shape, is simply not valid.
    expect(await refusal(open('x'.repeat(43)))).toEqual([403, LM.invalid]);
    expect(await refusal(open('short'))).toEqual([403, LM.invalid]);
  });

  it('ends when the request closes, after 30 days, when revoked, and when a newer mail replaces it', async () => {
    const closing = await mustAskForDocuments(t, firm.mpc.token, march.id);
    const closingToken = await lastToken();
    await call('POST', `/api/requests/${closing.id}/cancel`, firm.mpc.token);
    expect(await refusal(open(closingToken))).toEqual([403, LM.expired]);
    expect(await refusal(upload(closingToken, closing.items[0]?.id as number))).toEqual([403, LM.expired]);

    const request = await mustAskForDocuments(t, firm.mpc.token, april.id, {
      items: ['Bank statement'],
      due_date: '2026-06-30',
    });
    const token = await lastToken();
    // The test clock: just before the end it opens, at the end it does not.
    t.clock.advance(30 * DAY - 60_000);
    expect((await open(token)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect(await refusal(open(token))).toEqual([403, LM.expired]);
    // A month on, staff's sessions have ended too: they sign in again.
    firm.pc.token = await t.signIn(firm.pc);
    firm.mpc.token = await t.signIn(firm.mpc);
    expect((await call('GET', `/api/requests/${request.id}`, firm.pc.token)).json().data.link).toBeNull();

    // Staff send a new one (mailed), which works; revoked, it is not valid.
    const resent = await call('POST', `/api/requests/${request.id}/link/resend`, firm.pc.token);
    expect([resent.statusCode, resent.json().message]).toEqual([200, LM.sent]);
    expect(resent.json().data.link).toMatchObject({ expires_at: expect.any(String) });
    const fresh = await lastToken();
    expect(fresh).not.toBe(token);
    expect((await open(fresh)).statusCode).toBe(200);
    const revoked = await call('POST', `/api/requests/${request.id}/link/revoke`, firm.pc.token);
    expect([revoked.statusCode, revoked.json().data.link]).toEqual([200, null]);
    expect(await refusal(open(fresh))).toEqual([403, LM.invalid]);
    expect(await refusal(upload(fresh, request.items[0]?.id as number))).toEqual([403, LM.invalid]);

    // A reminder carries a fresh link, which replaces the one before.
    const again = await call('POST', `/api/requests/${request.id}/link/resend`, firm.mpc.token);
    expect(again.statusCode).toBe(200);
    const beforeReminder = await lastToken();
    t.clock.advance(4 * DAY);
    expect(await sendDueReminders(t.context)).toBeGreaterThan(0);
    const reminded = await lastToken();
    expect(reminded).not.toBe(beforeReminder);
    expect(await refusal(open(beforeReminder))).toEqual([403, LM.invalid]);
    expect((await open(reminded)).statusCode).toBe(200);

    // Only those who manage the request send or revoke its link.
    firm.client.token = await t.signIn(firm.client);
    firm.mpc.token = await t.signIn(firm.mpc);
    for (const action of ['resend', 'revoke'])
      expect((await call('POST', `/api/requests/${request.id}/link/${action}`, firm.client.token)).statusCode).toBe(
        403,
      );
    expect((await call('POST', `/api/requests/${closing.id}/link/resend`, firm.mpc.token)).statusCode).toBe(409);
  });

  it('is neither sent nor honoured with the firm setting off, nor for a deactivated client', async () => {
    const request = await mustAskForDocuments(t, firm.mpc.token, march.id);
    const token = await lastToken();
    const off = await call('PUT', '/api/firm/settings', firm.mpc.token, { request_links_enabled: false });
    expect(off.json().data.request_links_enabled).toBe(false);
    expect(await refusal(open(token))).toEqual([403, LM.invalid]);
    expect((await call('GET', `/api/requests/${request.id}`, firm.pc.token)).json().data.permissions.send_link).toBe(
      false,
    );
    const resend = await call('POST', `/api/requests/${request.id}/link/resend`, firm.pc.token);
    expect([resend.statusCode, resend.json().message]).toEqual([409, LM.linksOff]);
    // A request made now is mailed without a link; the mail leads to the portal.
    const sentBefore = (await mailedTokens()).length;
    await mustAskForDocuments(t, firm.mpc.token, april.id);
    expect(await mailedTokens()).toHaveLength(sentBefore);
    const [latest] = (await readOutbox(t.dataDir)).slice(-1);
    expect(latest?.text).toContain('/client/dashboard');

    // Back on, the old link stays ended (turning links off ended it for good: it may have leaked); a new one
    // sent works, and a deactivated client's does not.
    await call('PUT', '/api/firm/settings', firm.mpc.token, { request_links_enabled: true });
    expect(await refusal(open(token))).toEqual([403, LM.invalid]);
    expect((await call('POST', `/api/requests/${request.id}/link/resend`, firm.pc.token)).statusCode).toBe(200);
    const fresh = await lastToken();
    expect(fresh).not.toBe(token);
    expect((await open(fresh)).statusCode).toBe(200);
    await call('PUT', '/api/user/updateStatus', firm.mpc.token, { user_id: firm.client.id, status: 'deactivated' });
    expect(await refusal(open(fresh))).toEqual([403, LM.invalid]);
    expect(await refusal(upload(fresh, request.items[0]?.id as number))).toEqual([403, LM.invalid]);
  });

  it('opens for a client with two-factor sign-in or a password still to change: it grants no account', async () => {
    await mustAskForDocuments(t, firm.mpc.token, march.id);
    const token = await lastToken();
    await t.context.db
      .updateTable('users')
      .set({ password_state: 'must_change', totp_enabled_at: t.clock.now().toISOString() })
      .where('id', '=', firm.client.id)
      .execute();
    expect((await open(token)).statusCode).toBe(200);
    // The firm's one setting governs these clients too.
    await call('PUT', '/api/firm/settings', firm.mpc.token, { request_links_enabled: false });
    expect(await refusal(open(token))).toEqual([403, LM.invalid]);
  });

  it('is throttled per link and per address, with Retry-After', async () => {
    await mustAskForDocuments(t, firm.mpc.token, march.id);
    const token = await lastToken();
    // 60 uses of one link in 15 minutes, from addresses all different.
    for (let use = 0; use < 60; use += 1) expect((await open(token, `198.51.100.${use + 1}`)).statusCode).toBe(200);
    const over = await open(token, '198.51.100.200');
    expect([over.statusCode, over.json().message]).toEqual([429, LM.throttled]);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // 100 tries from one address, whatever the tokens.
    for (let use = 0; use < 100; use += 1) await open(`guess${String(use).padStart(38, '0')}`, '192.0.2.9');
    const guessed = await open(`guess${'9'.repeat(38)}`, '192.0.2.9');
    expect([guessed.statusCode, guessed.headers['retry-after'] !== undefined]).toEqual([429, true]);
    // The window passes: the link opens again.
    t.clock.advance(15 * 60_000 + 1000);
    expect((await open(token)).statusCode).toBe(200);
  });

  it('mails typed text escaped and without links', async () => {
    await mustAskForDocuments(t, firm.mpc.token, march.id, {
      items: ['<script>alert(1)</script> register'],
      message: '<img src=x onerror=alert(1)> see http://evil.test',
      due_date: '2026-04-10',
    });
    const token = await lastToken();
    const [mail] = (await readOutbox(t.dataDir)).filter((entry) => /documents needed/.test(entry.subject));
    expect(mail?.html).not.toMatch(/<script|<img/);
    expect(mail?.html).toContain('&#60;script&#62;');
    expect(`${mail?.text}${mail?.html}`).not.toContain('evil.test');
    expect(mail?.text).toContain(`/r/${token}`);
  });
});
