import type { Notification } from '@portal/contract/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { assignFirmStaff, handServiceToFirm, type Member, staffFields, useFirm, useFirmApp } from './support/firm.js';
import { readOutbox } from './support/mail-server.js';
import { createUserThroughApi } from './support/people.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork, tieRule } from './support/work.js';

type HistoryRow = { field: string; from: string | null; to: string | null; actor: { id: number } | null };

/** Maker-checker (issue 22, docs/decisions/0031-maker-checker.md). */
describe.each(listTestDialects())('maker-checker on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const other = useFirm('test', t, { admin, sharing: firm });
  const call = bindApiCall(t);
  let ids: number[];
  let reviewer: Member;

  const notificationsOf = async (token: string) =>
    (await call('GET', '/api/notifications', token)).json().data.data as Notification[];
  const history = (item: { history: HistoryRow[] }) =>
    item.history.map((entry) => [entry.field, entry.from, entry.to, entry.actor?.id]);

  beforeEach(async () => {
    const gst = firm.services[0] as number;
    await assignFirmStaff(t, firm, { pc: gst });
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', gst);
    ids = (await listAllWork(t)).filter((row) => row.firm_id === firm.mpc.id).map((row) => row.id);
    // A second PC of the firm, who handles none of the client's services.
    const created = await createUserThroughApi(t, firm.mpc.token, staffFields(3, 'Reviewer'));
    reviewer = { ...created, token: await t.signIn(created) };
  });

  it('sends an item to review only with a reviewer of the firm other than its maker, who is told and sees it', async () => {
    const url = `/api/work/${ids[0]}`;
    const pc = firm.pc.token;
    const refused = async (body: object) => (await call('PUT', url, pc, body)).json().errors;
    expect(await refused({ status: 'under_review' })).toEqual({
      reviewer_id: ['Choose a reviewer to send this item to review.'],
    });
    expect(await refused({ status: 'under_review', reviewer_id: firm.pc.id })).toEqual({
      reviewer_id: ['The reviewer must be someone other than the person doing the work.'],
    });
    for (const stranger of [other.pc.id, firm.client.id, 999_999])
      expect(await refused({ status: 'under_review', reviewer_id: stranger })).toEqual({
        reviewer_id: ['Choose a reviewer of the firm who may see this item.'],
      });
    expect(await refused({ status: 'verified' })).toEqual({ status: ['Only an item under review can be verified.'] });

    // The reviewers offered: the firm's staff but the maker.
    const offered = (await call('GET', `${url}/reviewers`, pc)).json().data as { id: number }[];
    expect(offered.map((person) => person.id).sort((a, b) => a - b)).toEqual(
      [firm.mpc.id, firm.executor.id, reviewer.id].sort((a, b) => a - b),
    );
    expect((await call('GET', `${url}/reviewers`, reviewer.token)).statusCode).toBe(404);

    const before = (await call('GET', url, reviewer.token)).statusCode;
    expect(before).toBe(404);
    const sent = await call('PUT', url, pc, { status: 'under_review', reviewer_id: reviewer.id });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ status: 'under_review', reviewer: { id: reviewer.id } });

    const told = await notificationsOf(reviewer.token);
    expect(told.map((entry) => [entry.kind, entry.work_item_id])).toEqual([['work_review_requested', ids[0]]]);
    expect(told[0]?.text).toMatch(/ asked you to review GSTR-3B/);
    // The reviewer sees the item (its page and its list) and may move it on, and change nothing else.
    const seen = (await call('GET', url, reviewer.token)).json().data;
    expect(seen.permissions).toEqual({ edit: false, files: false, review: true });
    const listed = (await call('GET', '/api/work', reviewer.token)).json().data.data as { id: number }[];
    expect(listed.map((row) => row.id)).toEqual([ids[0]]);
    expect((await call('PUT', url, reviewer.token, { notes: 'Mine now' })).statusCode).toBe(403);
    expect((await call('GET', url, pc)).json().data.permissions.review).toBe(false);
  });

  it('mails the reviewer, unless it turned that mail off, with what people typed as text', async () => {
    const hostile = '<img src=x onerror=alert(1)> see https://evil.test/kyc';
    const sent = await call('PUT', `/api/work/${ids[0]}`, firm.pc.token, {
      status: 'under_review',
      reviewer_id: reviewer.id,
      review_note: hostile,
    });
    expect(sent.statusCode).toBe(200);
    await t.context.mail.deliverDue();
    const mails = (await readOutbox(t.dataDir)).filter((entry) => /please review/.test(entry.subject));
    expect(mails.map((entry) => entry.to)).toEqual([reviewer.email]);
    const [mail] = mails;
    expect(mail?.text).toMatch(/ asked you to review GSTR-3B · .* before it is filed\./);
    expect(mail?.text).toContain('Note: <img src=x onerror=alert(1)> see [link removed]');
    expect(mail?.html).not.toContain('<img');
    expect(mail?.html).toContain('Note: &#60;img src=x onerror=alert(1)&#62; see [link removed]');
    expect(mail?.text).toContain(`/pc/work/${ids[0]}`);

    // Turned off in My Profile: the bell still tells it, no mail goes.
    const off = await call('PUT', '/api/me/mail-preferences', reviewer.token, { review_requested: false });
    expect(off.statusCode).toBe(200);
    await call('PUT', `/api/work/${ids[1]}`, firm.pc.token, { status: 'under_review', reviewer_id: reviewer.id });
    await t.context.mail.deliverDue();
    expect((await readOutbox(t.dataDir)).filter((entry) => /please review/.test(entry.subject))).toHaveLength(1);
    expect((await notificationsOf(reviewer.token)).map((entry) => entry.work_item_id)).toContain(ids[1]);
  });

  it('lets only the reviewer or the MPC move it on, recording who verified it and the note', async () => {
    const url = `/api/work/${ids[0]}`;
    const pc = firm.pc.token;
    await call('PUT', url, pc, { status: 'under_review', reviewer_id: reviewer.id });

    // The maker cannot check its own work.
    const maker = await call('PUT', url, pc, { status: 'verified' });
    expect(maker.statusCode).toBe(403);
    expect(maker.json().message).toBe('Only the reviewer or the MPC can move this item on from review.');
    expect((await call('PUT', url, firm.executor.token, { status: 'verified' })).statusCode).toBe(404);

    // Returned for changes by the MPC, with a note the maker reads in the history.
    const returned = await call('PUT', url, firm.mpc.token, { status: 'in_progress', review_note: 'Tally the ITC' });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().data).toMatchObject({
      status: 'in_progress',
      verified_by: null,
      review_note: 'Tally the ITC',
    });
    const back = (await notificationsOf(pc)).filter((entry) => entry.kind === 'work_reviewed');
    expect(back.map((entry) => entry.text)).toEqual([expect.stringMatching(/ returned GSTR-3B.* for changes/)]);

    // Sent again (the reviewer kept), then verified by the reviewer.
    await call('PUT', url, pc, { status: 'under_review' });
    t.clock.advance(60_000);
    const verified = await call('PUT', url, reviewer.token, {
      status: 'verified',
      review_note: 'Checked with GSTR-2B',
    });
    expect(verified.statusCode).toBe(200);
    const item = (await call('GET', url, pc)).json().data;
    expect(item).toMatchObject({
      status: 'verified',
      verified_by: { id: reviewer.id },
      verified_at: t.clock.now().toISOString(),
      review_note: 'Checked with GSTR-2B',
    });
    expect(history(item).slice(-3)).toEqual([
      ['status', 'in_progress', 'under_review', firm.pc.id],
      ['status', 'under_review', 'verified', reviewer.id],
      ['review_note', 'Tally the ITC', 'Checked with GSTR-2B', reviewer.id],
    ]);
    const kinds = (await notificationsOf(pc)).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === 'work_reviewed')).toHaveLength(2);
    expect(kinds).not.toContain('work_status');

    // From verified, whoever may change the item files it as usual.
    const filed = await call('PUT', url, pc, { status: 'filed', ack_number: 'AA0704260012345' });
    expect(filed.json().data).toMatchObject({ status: 'filed', verified_by: { id: reviewer.id } });
  });

  it('keeps the check apart from the maker: a reviewer decides, never cancels; the maker never names itself', async () => {
    const [first, second] = ids as [number, number];
    const pc = firm.pc.token;
    expect(
      (await call('PUT', `/api/work/${first}`, pc, { status: 'under_review', reviewer_id: reviewer.id })).statusCode,
    ).toBe(200);
    // The reviewer may return or check the item, not cancel or re-plan it.
    for (const status of ['cancelled', 'not_started', 'awaiting_documents'])
      expect((await call('PUT', `/api/work/${first}`, reviewer.token, { status })).statusCode).toBe(403);
    expect((await call('PUT', `/api/work/${first}`, reviewer.token, { status: 'in_progress' })).statusCode).toBe(200);

    // The maker cannot hand the work on and name itself its checker in one change.
    const mpc = firm.mpc.token;
    expect((await call('PUT', `/api/work/${second}`, mpc, { assignee_id: firm.mpc.id })).statusCode).toBe(200);
    const swapped = await call('PUT', `/api/work/${second}`, mpc, {
      status: 'under_review',
      assignee_id: firm.pc.id,
      reviewer_id: firm.mpc.id,
    });
    expect(swapped.statusCode).toBe(422);
    expect(swapped.json().errors).toEqual({
      reviewer_id: ['The reviewer must be someone other than the person doing the work.'],
    });

    // Another firm's MPC a service was handed to sees none of the owning firm's staff, nor names a reviewer.
    await handServiceToFirm(t, firm, firm.services[0] as number, other);
    expect((await call('GET', `/api/work/${first}`, other.mpc.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/work/${first}/reviewers`, other.mpc.token)).statusCode).toBe(403);
    const named = await call('PUT', `/api/work/${first}`, other.mpc.token, { reviewer_id: firm.mpc.id });
    expect(named.statusCode).toBe(403);
  });

  it('ends the first firm’s review when the service is handed to another firm', async () => {
    const [first] = ids as [number];
    const url = `/api/work/${first}`;
    await call('PUT', url, firm.pc.token, { status: 'under_review', reviewer_id: reviewer.id });
    expect((await call('GET', url, reviewer.token)).statusCode).toBe(200);
    await handServiceToFirm(t, firm, firm.services[0] as number, other);

    // The first firm's reviewer no longer reaches it; the receiving MPC has it back in progress and moves it on.
    expect((await call('GET', url, reviewer.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/work', reviewer.token)).json().data.data).toEqual([]);
    const item = (await call('GET', url, other.mpc.token)).json().data;
    expect(item).toMatchObject({ status: 'in_progress', reviewer: null, assignee: { id: other.mpc.id } });
    expect(history(item).slice(-3)).toEqual(
      expect.arrayContaining([
        ['status', 'under_review', 'in_progress', firm.mpc.id],
        ['reviewer', String(reviewer.id), null, firm.mpc.id],
      ]),
    );
    const filed = await call('PUT', url, other.mpc.token, { status: 'filed', ack_number: 'AA0704260012345' });
    expect(filed.statusCode).toBe(200);
  });

  it('takes the first firm’s reviewer off a verified item handed to another firm, too', async () => {
    const [first] = ids as [number];
    const url = `/api/work/${first}`;
    await call('PUT', url, firm.pc.token, { status: 'under_review', reviewer_id: reviewer.id });
    expect((await call('PUT', url, reviewer.token, { status: 'verified' })).statusCode).toBe(200);
    expect((await call('GET', url, reviewer.token)).statusCode).toBe(200);
    await handServiceToFirm(t, firm, firm.services[0] as number, other);
    expect((await call('GET', url, reviewer.token)).statusCode).toBe(404);
    expect((await call('GET', url, other.mpc.token)).json().data).toMatchObject({ status: 'verified', reviewer: null });
  });

  it('lets one of a bulk verify and a return sent at once win, all or none', async () => {
    const [first, second] = ids as [number, number];
    for (const id of [first, second])
      await call('PUT', `/api/work/${id}`, firm.pc.token, { status: 'under_review', reviewer_id: reviewer.id });
    const [verify, back] = await Promise.all([
      call('POST', '/api/work/verify', firm.mpc.token, { ids: [first, second] }),
      call('PUT', `/api/work/${first}`, reviewer.token, { status: 'in_progress' }),
    ]);
    expect([verify.statusCode, back.statusCode].filter((code) => code === 200)).toHaveLength(1);
    const statuses = await Promise.all(
      [first, second].map(async (id) => (await call('GET', `/api/work/${id}`, firm.mpc.token)).json().data.status),
    );
    expect(statuses).toEqual(verify.statusCode === 200 ? ['verified', 'verified'] : ['in_progress', 'under_review']);
  });

  it('verifies several items at once, all or none', async () => {
    const [first, second, third] = ids as [number, number, number];
    const pc = firm.pc.token;
    for (const id of [first, second])
      await call('PUT', `/api/work/${id}`, pc, { status: 'under_review', reviewer_id: reviewer.id });
    await call('PUT', `/api/work/${third}`, pc, { status: 'under_review', reviewer_id: firm.mpc.id });
    const otherItem = (await listAllWork(t)).find((row) => row.firm_id === other.mpc.id)?.id as number;
    const verify = (token: string, body: object) => call('POST', '/api/work/verify', token, body);

    const hidden = await verify(reviewer.token, { ids: [first, otherItem] });
    expect([hidden.statusCode, hidden.json().message]).toEqual([404, `Work item ${otherItem}: Work item not found.`]);
    // The third is under review by the MPC: the reviewer sees only its own, the MPC reviews all of them.
    expect((await verify(reviewer.token, { ids: [first, third] })).statusCode).toBe(404);
    const refused = await verify(pc, { ids: [first, second] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `Work items ${first}, ${second}: Only the reviewer or the MPC can move this item on from review.`,
    );
    await call('PUT', `/api/work/${third}`, firm.mpc.token, { status: 'in_progress' });
    const notUnder = await verify(firm.mpc.token, { ids: [first, second, third] });
    expect([notUnder.statusCode, notUnder.json().errors]).toEqual([
      422,
      { ids: [`Work item ${third}: Only an item under review can be verified.`] },
    ]);
    // Nothing of the refused calls stayed.
    const statuses = await t.context.db
      .selectFrom('work_items')
      .select('status')
      .where('id', 'in', [first, second])
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['under_review', 'under_review']);
    for (const body of [{ ids: [] }, { ids: Array.from({ length: 101 }, (_, index) => index + 1) }])
      expect((await verify(reviewer.token, body)).statusCode).toBe(422);
    expect((await verify(firm.client.token, { ids: [first] })).statusCode).toBe(403);

    const done = await verify(reviewer.token, { ids: [first, second], note: 'Both tally' });
    expect([done.statusCode, done.json().data]).toEqual([200, { verified: [first, second] }]);
    const rows = await t.context.db
      .selectFrom('work_items')
      .select(['status', 'verified_by', 'review_note'])
      .where('id', 'in', [first, second])
      .execute();
    expect(rows).toEqual(
      [1, 2].map(() => ({ status: 'verified', verified_by: reviewer.id, review_note: 'Both tally' })),
    );
    const audited = await t.context.db
      .selectFrom('audit_log')
      .select('actor_id')
      .where('action', '=', 'work.verify')
      .execute();
    expect(audited).toEqual([{ actor_id: reviewer.id }]);
    const told = (await notificationsOf(pc)).filter((entry) => entry.kind === 'work_reviewed');
    // The third was returned by the MPC above; the two verified now are told too.
    expect(told.map((entry) => entry.work_item_id).sort()).toEqual([first, second, third].sort((a, b) => a - b));
  });
});
