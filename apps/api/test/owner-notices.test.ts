import { beforeAll, describe, expect, it } from 'vitest';
import { uploadFileThroughApi } from './support/client-files.js';
import { buildFirm, type TestFirm } from './support/firm.js';
import { readOutbox } from './support/mail-server.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { mustAskForDocuments, reviewItem, uploadForRequest } from './support/requests.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { addWorkItem, buildFirmWithPcWork } from './support/work.js';

type Notice = { kind: string; text: string; work_item_id: number | null };
type FeedEntry = { subject: string; ack_number: string | null; happened_on: string; work_item_id: number | null };

describe.each(listTestDialects())("the firm owner's notices on %s", (dialect) => {
  const t = useTestApp('block', dialect);
  let firm: TestFirm;
  let work: { id: number; title: string }[];
  let gst: number;
  let adminToken: string;

  const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });
  const ownerBell = async () =>
    ((await call('GET', '/api/notifications?limit=100', firm.mpc.token)).json().data.data as Notice[]).filter(
      (notice) => notice.kind.startsWith('owner_'),
    );
  const feed = async () =>
    (await call('GET', '/api/dashboard/firm-feed', firm.mpc.token)).json().data as {
      filed: FeedEntry[];
      received: FeedEntry[];
    };
  const mailsToOwner = async () => {
    await t.context.mail.deliverDue();
    return (await readOutbox(t.dataDir)).filter(
      (mail) => mail.to === firm.mpc.email && /work filed|document accepted|uploaded a file/.test(mail.subject),
    );
  };

  beforeAll(async () => {
    ({ adminToken, firm, gst, work } = await buildFirmWithPcWork(t));
  });

  it('tells the MPC when its PC files an item, lists it as recently filed, and not when the MPC files one itself', async () => {
    const [first, second] = work as [{ id: number; title: string }, { id: number; title: string }];
    const filed = await call('PUT', `/api/work/${first.id}`, firm.pc.token, {
      status: 'filed',
      ack_number: 'AA2904260000001',
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const bell = await ownerBell();
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ kind: 'owner_work_filed', work_item_id: first.id });
    expect(bell[0]?.text).toContain('ARN AA2904260000001');
    expect((await mailsToOwner()).map((mail) => mail.subject)).toEqual([expect.stringContaining('work filed')]);

    const own = await call('PUT', `/api/work/${second.id}`, firm.mpc.token, { status: 'completed' });
    expect(own.statusCode, own.body).toBe(200);
    expect(await ownerBell()).toHaveLength(1);
    expect(await mailsToOwner()).toHaveLength(1);
    const { filed: recent } = await feed();
    expect(recent.map((entry) => entry.work_item_id)).toEqual([second.id, first.id]);
    expect(recent[1]).toMatchObject({ subject: first.title, ack_number: 'AA2904260000001' });
  });

  it("tells the MPC of a client's uploads and accepted documents, as it chose, with typed names escaped in mail", async () => {
    const third = work[2] as { id: number; title: string };
    const hostile = '<img src=x onerror=alert(1)> see http://evil.test/kyc';
    const request = await mustAskForDocuments(t, firm.pc.token, third.id, { items: [hostile], due_date: '2026-04-10' });
    const [doc] = request.items as unknown as [{ id: number }];
    // The MPC keeps uploads in the bell but turns their mail off.
    const saved = await call('PUT', '/api/me/owner-notices', firm.mpc.token, {
      kind: 'owner_client_upload',
      mail: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toContainEqual(
      expect.objectContaining({ kind: 'owner_client_upload', in_app: true, mail: false }),
    );
    const before = (await mailsToOwner()).length;

    expect((await uploadForRequest(t, firm.client.token, request.id, doc.id)).statusCode).toBe(201);
    expect((await ownerBell())[0]).toMatchObject({ kind: 'owner_client_upload', work_item_id: third.id });
    expect(await mailsToOwner()).toHaveLength(before);

    expect((await reviewItem(t, firm.pc.token, request.id, doc.id, { status: 'accepted' })).statusCode).toBe(200);
    expect((await ownerBell())[0]?.kind).toBe('owner_document_accepted');
    const mails = await mailsToOwner();
    expect(mails).toHaveLength(before + 1);
    const accepted = mails.find((mail) => mail.subject.includes('document accepted')) as { html: string; text: string };
    expect(accepted.html).not.toContain('<img');
    expect(accepted.html).toContain('&#60;img');
    expect(accepted.text).not.toContain('evil.test');

    // A plain upload into its folders, with the bell turned off for uploads: mail stays off too, nothing new.
    await call('PUT', '/api/me/owner-notices', firm.mpc.token, { kind: 'owner_client_upload', in_app: false });
    const bellBefore = (await ownerBell()).length;
    const upload = await uploadFileThroughApi(
      t,
      firm.client.token,
      { client_id: firm.client.id, service_id: gst, notes: '' },
      [{ field: 'file', name: 'bank-statement.pdf', content: SAMPLE_FILES.pdf }],
    );
    expect(upload.statusCode, upload.body).toBe(201);
    expect(await ownerBell()).toHaveLength(bellBefore);
    // The dashboard lists what was received whatever the MPC hears.
    const { received } = await feed();
    expect(received.map((entry) => entry.subject)).toEqual(['bank-statement.pdf', hostile, hostile]);

    // Only the firm's MPC chooses, and only the owner's notices.
    expect((await call('GET', '/api/me/owner-notices', firm.pc.token)).statusCode).toBe(403);
    expect(
      (await call('PUT', '/api/me/owner-notices', firm.mpc.token, { kind: 'work_status', mail: false })).statusCode,
    ).toBe(422);
  });

  it("tells the owning firm's MPC, and no other, when the MPC a service is delegated to files it", async () => {
    const other = await buildFirm(t, adminToken);
    const mode = await t.request({
      method: 'PUT',
      url: '/api/service/updateAssignType',
      token: firm.mpc.token,
      payload: { client_id: firm.client.id, assign_service_type: false },
    });
    expect(mode.statusCode, mode.body).toBe(200);
    const delegated = await t.request({
      method: 'POST',
      url: '/api/service/assignMPC',
      token: firm.mpc.token,
      payload: { client_id: firm.client.id, service_id: gst, mpc_username: other.mpc.username },
    });
    expect(delegated.statusCode, delegated.body).toBe(200);
    const added = await addWorkItem(t, firm.mpc.token, firm.client.id, gst, {
      title: 'GST annual return',
      due_date: '2026-05-31',
    });
    expect(added.statusCode, added.body).toBe(201);
    const fourth = { id: added.json().data.id as number };
    const filed = await call('PUT', `/api/work/${fourth.id}`, other.mpc.token, {
      status: 'filed',
      ack_number: 'AA2904260000444',
    });
    expect(filed.statusCode, filed.body).toBe(200);
    expect((await ownerBell())[0]).toMatchObject({ kind: 'owner_work_filed', work_item_id: fourth.id });
    expect((await feed()).filed[0]).toMatchObject({ work_item_id: fourth.id, ack_number: 'AA2904260000444' });
    const otherBell = (await call('GET', '/api/notifications?limit=100', other.mpc.token)).json().data.data as Notice[];
    expect(otherBell.filter((notice) => notice.kind.startsWith('owner_'))).toEqual([]);
    const otherFeed = (await call('GET', '/api/dashboard/firm-feed', other.mpc.token)).json().data;
    expect(otherFeed).toEqual({ filed: [], received: [] });
  });
});
