import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { readAuditEvents } from './support/audit-log.js';
import { createFolderThroughApi, uploadFileThroughApi } from './support/client-files.js';
import { buildFirm, type TestFirm } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { readZipEntries, readZipEntryText, sha256Of } from './support/zip-reader.js';

const HOUR_MS = 60 * 60 * 1000;
const pdfOf = (extra: number) => Buffer.concat([SAMPLE_FILES.pdf, randomBytes(extra)]);

/**
 * An access request's download (issue 25, docs/decisions/0042): prepared by the firm, taken by the client
 * once within 24 hours through a link whose token is the whole grant, built as it streams: a JSON file of
 * what the portal holds about the client and who had it, and the client's own documents, never the firm's.
 */
describe.each(listTestDialects())('the access download on %s', (dialect) => {
  const t = useTestApp('block', dialect);
  const call = bindApiCall(t);
  let firm: TestFirm;
  let other: TestFirm;
  const sent = new Map<string, Buffer>();

  const upload = async (token: string, name: string, content: Buffer, fields: Record<string, string | number> = {}) => {
    const gst = firm.services[0] as number;
    const response = await uploadFileThroughApi(
      t,
      token,
      { client_id: firm.client.id, service_id: gst, is_deleted: '0', ...fields },
      [{ field: 'file', name, content }],
    );
    expect(response.statusCode, response.body).toBe(201);
  };
  const askAccess = async () => {
    const asked = await call('POST', '/api/me/rights-requests', firm.client.token, { kind: 'access' });
    expect(asked.statusCode, asked.body).toBe(201);
    return asked.json().data.id as number;
  };
  const prepare = async (id: number) => {
    const prepared = await call('POST', `/api/rights-requests/${id}/download`, firm.mpc.token);
    expect(prepared.statusCode, prepared.body).toBe(200);
    return prepared.json().data;
  };
  const linkOf = async (id: number) => {
    const link = await call('POST', `/api/rights-requests/${id}/download-link`, firm.client.token);
    expect(link.statusCode, link.body).toBe(200);
    return link.json().data as { url: string; expires_at: string };
  };
  // A plain GET without the session: the token in the address is the grant.
  const follow = (url: string) => t.request({ method: 'GET', url });

  beforeAll(async () => {
    const admin = await t.signIn(await t.createUser('admin'));
    firm = await buildFirm(t, admin);
    other = await buildFirm(t, admin);
    const [gst] = firm.services as [number];
    // The client's own upload and a file the firm shares with it; a firm-only file and a firm-only folder.
    sent.set('engagement-letter.pdf', pdfOf(40));
    await upload(firm.client.token, 'engagement-letter.pdf', sent.get('engagement-letter.pdf') as Buffer);
    const returns = await createFolderThroughApi(t, firm.mpc.token, {
      folder_name: 'Returns',
      client_id: firm.client.id,
      service_id: gst,
    });
    sent.set('Returns/itr-v.pdf', pdfOf(80));
    await upload(firm.mpc.token, 'itr-v.pdf', sent.get('Returns/itr-v.pdf') as Buffer, { folder_id: returns });
    await upload(firm.mpc.token, 'review-notes.pdf', pdfOf(20), { folder_id: returns, visibility: 'firm' });
    const hidden = await createFolderThroughApi(t, firm.mpc.token, {
      folder_name: 'Partner working papers',
      client_id: firm.client.id,
      service_id: gst,
      visibility: 'firm',
    });
    await upload(firm.mpc.token, 'fee-workings.pdf', pdfOf(10), { folder_id: hidden });
    const member = await call('POST', '/api/member/create', firm.client.token, {
      user_id: firm.client.id,
      member_name: 'Asha Rao',
      mobile_number: '9876543210',
      email_id: 'asha@family.in',
      service_id: gst,
    });
    expect(member.statusCode, member.body).toBe(201);
    // Firm B's MPC looks after one service of the client: another firm that had its data.
    await call('PUT', '/api/service/updateAssignType', firm.mpc.token, {
      client_id: firm.client.id,
      assign_service_type: false,
    });
    const handed = await call('POST', '/api/service/assignMPC', firm.mpc.token, {
      client_id: firm.client.id,
      service_id: gst,
      mpc_username: other.mpc.username,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    await call('GET', `/api/serviceFiles/${firm.client.id}/${gst}`, other.mpc.token);
  });

  it('holds personal-data.json and the client’s own documents, never a firm-only file', async () => {
    const id = await askAccess();
    // Nothing to download before the firm prepares it.
    expect((await call('POST', `/api/rights-requests/${id}/download-link`, firm.client.token)).statusCode).toBe(409);
    const prepared = await prepare(id);
    expect(prepared.download).toMatchObject({ state: 'ready', used_at: null });
    expect(Date.parse(prepared.download.expires_at) - t.clock.now().getTime()).toBe(24 * HOUR_MS);
    const mine = (await call('GET', `/api/rights-requests/${id}`, firm.client.token)).json().data;
    expect(mine.permissions.download).toBe(true);
    expect((await call('GET', '/api/notifications', firm.client.token)).json().data.data[0].kind).toBe(
      'rights_download_ready',
    );

    const { url } = await linkOf(id);
    expect(url).toMatch(/^\/api\/rights-download\/[A-Za-z0-9_-]{43}$/);
    const response = await follow(url);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Personal data - .+\.zip"/);
    const entries = await readZipEntries(response.rawPayload);
    const names = entries.map((entry) => entry.name);
    const service = names.find((name) => /^documents\/[^/]+\/$/.test(name)) as string;
    expect(names).toEqual(
      expect.arrayContaining([
        'personal-data.json',
        'documents/',
        `${service}engagement-letter.pdf`,
        `${service}Returns/itr-v.pdf`,
      ]),
    );
    for (const [path, bytes] of sent)
      expect(entries.find((entry) => entry.name === `${service}${path}`)).toMatchObject({ sha256: sha256Of(bytes) });
    // What only the firm sees stays out: the file, the folder and what is in it.
    expect(names.filter((name) => /review-notes|Partner working papers|fee-workings/.test(name))).toEqual([]);

    const data = JSON.parse((await readZipEntryText(response.rawPayload, 'personal-data.json')) as string);
    expect(Object.keys(data)).toEqual([
      'about',
      'data_protection_contact',
      'profile',
      'family_members',
      'services',
      'shared_with',
      'work_items',
      'document_requests',
      'invoices',
      'consent_records',
      'rights_requests',
    ]);
    expect(data.profile).toMatchObject({ id: firm.client.id, email: firm.client.email, city: 'Bengaluru' });
    expect(data.profile.permissions).toBeUndefined();
    expect(data.family_members).toEqual([
      expect.objectContaining({ member_name: 'Asha Rao', email_id: 'asha@family.in' }),
    ]);
    const otherMpc = await t.context.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', other.mpc.id)
      .executeTakeFirstOrThrow();
    expect(data.services).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ another_firm: `${otherMpc.first_name} ${otherMpc.last_name}`.trim() }),
      ]),
    );
    // Who had its data: its firm's MPC, and the other firm's MPC that opened its files.
    expect(data.shared_with).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: 'mpc', of: 'your firm' }),
        expect.objectContaining({ role: 'mpc', of: 'another firm' }),
      ]),
    );
    expect(data.rights_requests.map((request: { id: number }) => request.id)).toContain(id);
    // Its acceptance of the notice, from the privacy module (test users accept the version in force).
    expect(data.consent_records).toEqual([expect.objectContaining({ kind: 'accepted' })]);

    // The download and its preparation are in the activity log and the request's history.
    expect((await readAuditEvents(t, 'rights.download')).at(-1)).toMatchObject({
      actor_id: firm.client.id,
      entity_id: id,
    });
    expect((await readAuditEvents(t, 'rights.download_prepare')).at(-1)).toMatchObject({ actor_id: firm.mpc.id });
    const after = (await call('GET', `/api/rights-requests/${id}`, firm.mpc.token)).json().data;
    expect(after.history.map((step: { action: string }) => step.action)).toEqual([
      'received',
      'download_prepared',
      'downloaded',
    ]);
    expect(after.download.state).toBe('used');
  });

  it('works once: the link again is 410, so is a new link; a new download from the firm works', async () => {
    const id = await askAccess();
    await prepare(id);
    const { url } = await linkOf(id);
    expect((await follow(url)).statusCode).toBe(200);
    const again = await follow(url);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/already used/);
    expect((await call('POST', `/api/rights-requests/${id}/download-link`, firm.client.token)).statusCode).toBe(410);
    // A browser following a used link is sent to the page that says so, not shown JSON.
    const navigated = await t.request({ method: 'GET', url, headers: { 'sec-fetch-mode': 'navigate' } });
    expect([navigated.statusCode, navigated.headers.location]).toEqual([303, '/link-problem?reason=used']);
    await prepare(id);
    expect((await follow((await linkOf(id)).url)).statusCode).toBe(200);
  });

  it('ends 24 hours after it was prepared; a link asked for twice keeps only the last; a made-up token is 404', async () => {
    const id = await askAccess();
    await prepare(id);
    const first = await linkOf(id);
    const second = await linkOf(id);
    expect((await follow(first.url)).statusCode).toBe(404);
    t.clock.advance(24 * HOUR_MS + 1000);
    expect((await follow(second.url)).statusCode).toBe(410);
    expect((await follow(`/api/rights-download/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await follow('/api/rights-download/short')).statusCode).toBe(404);
    // Past its day, the client cannot ask a link either (the session is signed in again after the day).
    for (const member of [firm.client, firm.mpc, firm.pc, other.mpc, other.client])
      member.token = await t.signIn(member);
    expect((await call('POST', `/api/rights-requests/${id}/download-link`, firm.client.token)).statusCode).toBe(410);
  });

  it('is the firm’s to prepare, for an access request only, and the client’s alone to take', async () => {
    const id = await askAccess();
    expect((await call('POST', `/api/rights-requests/${id}/download`, firm.client.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/rights-requests/${id}/download`, other.mpc.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/rights-requests/${id}/download`, firm.pc.token)).statusCode).toBe(403);
    await prepare(id);
    // Staff never take the client's link; another client does not see the request.
    expect((await call('POST', `/api/rights-requests/${id}/download-link`, firm.mpc.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/rights-requests/${id}/download-link`, other.client.token)).statusCode).toBe(404);
    const grievance = await call('POST', '/api/me/rights-requests', firm.client.token, {
      kind: 'grievance',
      details: 'Slow replies',
    });
    expect(
      (await call('POST', `/api/rights-requests/${grievance.json().data.id}/download`, firm.mpc.token)).statusCode,
    ).toBe(409);
    // Refused after it was prepared: the download ends with it.
    const { url } = await linkOf(id);
    await call('POST', `/api/rights-requests/${id}/close`, firm.mpc.token, {
      reason: 'We could not verify who asked.',
    });
    expect((await follow(url)).statusCode).toBe(404);
  });
});
