import { PRIVACY_MESSAGES, type PrivacyNotice, type PrivacyNoticeVersion } from '@portal/contract/privacy';
import { describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { readAuditEvents } from './support/audit-log.js';
import { buildFirm, clientFields, useFirmApp } from './support/firm.js';
import { createUserThroughApi } from './support/people.js';
import { signInThroughApi } from './support/sign-in.js';
import { listTestDialects } from './support/test-database.js';

const NEW_TEXT = `## Our privacy notice\n\n${'We keep your PAN and returns to file for you. '.repeat(4)}`;

describe.each(listTestDialects())('the privacy notice and its acceptance on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const call = bindApiCall(t);

  /** A new client of the firm, signed in without accepting the notice its first sign-in shows. */
  async function signInNewClient() {
    const client = await createUserThroughApi(t, firm.mpc.token, clientFields(firm.services));
    const token = await signInThroughApi(t.request, client, { acceptPrivacyNotice: false });
    return { ...client, token };
  }

  const publish = (text = NEW_TEXT) => call('POST', '/api/privacy/notices', firm.mpc.token, { text });

  it('lets a client who has not accepted do nothing but read the notice, accept it, see itself and sign out', async () => {
    const client = await signInNewClient();
    const me = (await call('GET', '/api/me', client.token)).json().data;
    expect(me.privacy_notice_required).toBe(true);

    const files = await call('GET', `/api/serviceFiles/${client.id}/${firm.services[0]}`, client.token);
    expect([files.statusCode, files.json().message]).toEqual([403, PRIVACY_MESSAGES.acceptRequired]);
    const work = await call('GET', '/api/work', client.token);
    expect([work.statusCode, work.json().message]).toEqual([403, PRIVACY_MESSAGES.acceptRequired]);

    const read = await call('GET', '/api/privacy/notice', client.token);
    expect(read.statusCode).toBe(200);
    const notice = read.json().data as PrivacyNotice;
    // The portal's default until the firm writes its own: what is kept and why, the rights, the Board.
    expect(notice).toMatchObject({ version: 0, is_default: true, acceptance_required: true, accepted_version: null });
    for (const words of ['PAN', 'Aadhaar', 'bank account', 'family members', 'parent or lawful guardian'])
      expect(notice.text).toContain(words);
    expect(notice.text).toContain('Data Protection Board of India');
    expect(notice.text).toMatch(/Withdraw your consent/);

    const accepted = await call('POST', '/api/privacy/notice/accept', client.token, { version: 0 });
    expect([accepted.statusCode, accepted.json().data.acceptance_required]).toEqual([200, false]);
    expect((await call('GET', `/api/serviceFiles/${client.id}/${firm.services[0]}`, client.token)).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/me', client.token)).json().data.privacy_notice_required).toBe(false);
    expect((await call('POST', '/api/logout', client.token)).statusCode).toBe(200);
  });

  it('records who accepted which version, when, from where and with which browser', async () => {
    const client = await signInNewClient();
    t.clock.advance(5 * 60 * 1000);
    const acceptedAt = t.clock.now().toISOString();
    const accepted = await t.request({
      method: 'POST',
      url: '/api/privacy/notice/accept',
      token: client.token,
      payload: { version: 0 },
      remoteAddress: '203.0.113.7',
      headers: { 'user-agent': 'Mozilla/5.0 (Test) Chromium/130' },
    });
    expect(accepted.statusCode).toBe(200);
    const rows = await t.context.db
      .selectFrom('privacy_consents')
      .selectAll()
      .where('user_id', '=', client.id)
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        firm_id: firm.mpc.id,
        kind: 'accepted',
        version: 0,
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (Test) Chromium/130',
        notice_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
    expect(new Date(rows[0]?.created_at as string).toISOString()).toBe(acceptedAt);
    const audited = await readAuditEvents(t, 'privacy.notice_accepted');
    expect(audited.at(-1)).toMatchObject({ actor_id: client.id, details: JSON.stringify({ version: 0 }) });

    // Accepting the same version again records nothing new.
    await call('POST', '/api/privacy/notice/accept', client.token, { version: 0 });
    const again = await t.context.db.selectFrom('privacy_consents').select('id').where('user_id', '=', client.id);
    expect(await again.execute()).toHaveLength(1);

    // The MPC lists it: name, role, version, when and from where, newest first.
    const listed = (await call('GET', '/api/privacy/acceptances', firm.mpc.token)).json().data;
    expect(listed.data[0]).toMatchObject({
      person: { id: client.id, role: 'client' },
      status: 'accepted',
      version: 0,
      at: acceptedAt,
      ip: '203.0.113.7',
    });
  });

  it('asks everyone again after the MPC publishes a new version, and refuses the old version', async () => {
    expect((await call('GET', '/api/work', firm.pc.token)).statusCode).toBe(200);
    const published = await publish();
    expect([published.statusCode, published.json().data.version]).toEqual([201, 1]);
    expect(published.json().data.text).toBe(NEW_TEXT.trim());

    for (const member of [firm.pc, firm.executor, firm.client]) {
      const blocked = await call('GET', '/api/work', member.token);
      expect([blocked.statusCode, blocked.json().message]).toEqual([403, PRIVACY_MESSAGES.acceptRequired]);
    }
    // The MPC wrote it: it is not asked.
    expect((await call('GET', '/api/work', firm.mpc.token)).statusCode).toBe(200);

    const stale = await call('POST', '/api/privacy/notice/accept', firm.pc.token, { version: 0 });
    expect([stale.statusCode, stale.json().message]).toEqual([409, PRIVACY_MESSAGES.staleVersion]);
    const notice = (await call('GET', '/api/privacy/notice', firm.pc.token)).json().data as PrivacyNotice;
    expect(notice).toMatchObject({ version: 1, is_default: false, accepted_version: 0, acceptance_required: true });
    expect((await call('POST', '/api/privacy/notice/accept', firm.pc.token, { version: 1 })).statusCode).toBe(200);
    expect((await call('GET', '/api/work', firm.pc.token)).statusCode).toBe(200);

    // The "not yet accepted" list: the executor and the client, not the PC any more.
    const pending = (await call('GET', '/api/privacy/acceptances?filter=pending', firm.mpc.token)).json().data;
    expect(pending.data.map((row: { person: { id: number } }) => row.person.id).sort()).toEqual(
      [firm.executor.id, firm.client.id].sort(),
    );
    expect(pending.data[0]).toMatchObject({ status: 'not_accepted', version: 0 });
  });

  it('keeps every version, numbered, with who published it; a user added later is asked too', async () => {
    await publish();
    await publish(`${NEW_TEXT} Second.`);
    const versions = (await call('GET', '/api/privacy/notices', firm.mpc.token)).json().data;
    expect(versions.data.map((v: PrivacyNoticeVersion) => [v.version, v.current, v.published_by])).toEqual([
      [2, true, expect.stringContaining('Meera')],
      [1, false, expect.stringContaining('Meera')],
    ]);
    const first = versions.data[1] as PrivacyNoticeVersion;
    const read = await call('GET', `/api/privacy/notices/${first.id}`, firm.mpc.token);
    expect(read.json().data).toMatchObject({ version: 1, text: NEW_TEXT.trim(), current: false });
    expect(await readAuditEvents(t, 'privacy.notice_published')).toHaveLength(2);

    const client = await signInNewClient();
    const notice = (await call('GET', '/api/privacy/notice', client.token)).json().data;
    expect(notice).toMatchObject({ version: 2, acceptance_required: true });
  });

  it('keeps the notice to its firm: a PC may not publish, another firm sees none of it', async () => {
    const refused = await call('POST', '/api/privacy/notices', firm.pc.token, { text: NEW_TEXT });
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', '/api/privacy/acceptances', firm.client.token)).statusCode).toBe(403);
    const mine = (await publish()).json().data;
    const versionId = (await call('GET', '/api/privacy/notices', firm.mpc.token)).json().data.data[0].id;

    const other = await buildFirm(t, admin.token);
    expect((await call('GET', `/api/privacy/notices/${versionId}`, other.mpc.token)).statusCode).toBe(404);
    const theirs = (await call('GET', '/api/privacy/notice', other.client.token)).json().data as PrivacyNotice;
    expect([theirs.version, theirs.is_default]).toEqual([0, true]);
    expect(mine.version).toBe(1);
    const member = await call('GET', `/api/privacy/acceptances?user_id=${firm.client.id}`, other.mpc.token);
    expect(member.statusCode).toBe(404);
    const own = await call('GET', `/api/privacy/acceptances?user_id=${firm.client.id}`, firm.mpc.token);
    expect(own.json().data.data.map((row: { person: { id: number } }) => row.person.id)).toEqual([firm.client.id]);
    // The admin has no firm, so no notice to read or accept.
    const adminRead = await call('GET', '/api/privacy/notice', admin.token);
    expect([adminRead.statusCode, adminRead.json().message]).toEqual([403, PRIVACY_MESSAGES.noFirm]);
  });

  it('refuses a notice too short or too long, with the fields named', async () => {
    const short = await call('POST', '/api/privacy/notices', firm.mpc.token, { text: 'We keep your data.' });
    expect([short.statusCode, short.json().errors]).toEqual([422, { text: [PRIVACY_MESSAGES.textTooShort] }]);
    const long = await call('POST', '/api/privacy/notices', firm.mpc.token, { text: 'x'.repeat(20_001) });
    expect([long.statusCode, long.json().errors]).toEqual([422, { text: [PRIVACY_MESSAGES.textTooLong] }]);
    const stray = await call('POST', '/api/privacy/notices', firm.mpc.token, { text: NEW_TEXT, version: 9 });
    expect(stray.statusCode).toBe(400);
  });

  it('pages the acceptances by keyset, newest first, and the pending people in their index order', async () => {
    const clients = [await signInNewClient(), await signInNewClient(), await signInNewClient()];
    for (const client of clients) await call('POST', '/api/privacy/notice/accept', client.token, { version: 0 });
    const seen: number[] = [];
    let next: string | null = null;
    do {
      const query: string = next ? `&after=${next}` : '';
      const page = (await call('GET', `/api/privacy/acceptances?limit=2${query}`, firm.mpc.token)).json().data;
      seen.push(...page.data.map((row: { key: string }) => Number(row.key.slice(1))));
      next = page.next;
    } while (next);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(seen.length);

    await publish();
    const pendingIds: number[] = [];
    let after: string | null = null;
    do {
      const query: string = after ? `&after=${after}` : '';
      const page = (await call('GET', `/api/privacy/acceptances?filter=pending&limit=2${query}`, firm.mpc.token)).json()
        .data;
      pendingIds.push(...page.data.map((row: { person: { id: number } }) => row.person.id));
      after = page.next;
    } while (after);
    const members = [firm.pc.id, firm.executor.id, firm.client.id, ...clients.map((client) => client.id)];
    expect(pendingIds).toEqual([...members].sort((a, b) => a - b));
    const bad = await call('GET', '/api/privacy/acceptances?filter=pending&after=nonsense', firm.mpc.token);
    expect(bad.statusCode).toBe(422);
  });
});
