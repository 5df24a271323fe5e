import { AUDIT_MESSAGES, type AuditEvent, describeAuditTarget } from '@portal/contract/audit';
import { labelOfAuditAction } from '@portal/contract/audit-actions';
import { beforeAll, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { uploadFileThroughApi } from './support/client-files.js';
import { buildFirm, type TestFirm } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

/**
 * The activity log (issue 12): what is written for each thing people do, whose screen shows it, the
 * filters, the pages, and that nothing changes or removes an event. Two firms are built once; every
 * test only reads.
 */
describe.each(listTestDialects())('the activity log on %s', (dialect) => {
  const t = useTestApp('block', dialect);
  let admin: { id: number; token: string };
  let firmA: TestFirm;
  let firmB: TestFirm;
  let fileId: number;
  /** Two openings either side of midnight in India, 01/04/2026 23:59:59.999 and 02/04/2026 00:00. */
  const lateEvening = '2026-04-01T18:29:59.999Z';
  const midnight = '2026-04-01T18:30:00.000Z';

  const call = bindApiCall(t);
  const must = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) => {
    const response = await call(method, url, token, payload);
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  /** Every page of a list (`limit` a page), in the order the pages came. */
  async function readAll(token: string, query = '', limit = 100): Promise<AuditEvent[]> {
    const events: AuditEvent[] = [];
    let before = '';
    for (;;) {
      const page = await must('GET', `/api/audit?limit=${limit}${query}${before}`, token);
      const { data, next } = page.json().data;
      events.push(...data);
      if (!next) return events;
      before = `&before=${encodeURIComponent(next)}`;
    }
  }
  const rowsOfFirm = (firmId: number) =>
    t.context.db.selectFrom('audit_log').selectAll().where('firm_id', '=', firmId).orderBy('id').execute();

  beforeAll(async () => {
    const adminUser = await t.createUser('admin');
    admin = { id: adminUser.id, token: await t.signIn(adminUser) };
    firmA = await buildFirm(t, admin.token);
    firmB = await buildFirm(t, admin.token, firmA.services);
    const [gst] = firmA.services as [number];
    const clientA = firmA.client.id;
    // Firm A's work on its client: a folder, an upload by the client, views, a download, a ranged read.
    const folder = await must('POST', '/api/folder/create', firmA.mpc.token, {
      folder_name: 'Returns',
      client_id: clientA,
      service_id: gst,
    });
    const folderId = folder.json().data.folder_id;
    const upload = await uploadFileThroughApi(
      t,
      firmA.client.token,
      { client_id: clientA, service_id: gst, folder_id: folderId, notes: '' },
      [{ field: 'file', name: 'return.pdf', content: SAMPLE_FILES.pdf }],
    );
    fileId = upload.json().data.file_id;
    await must('GET', `/api/serviceFiles/${clientA}/${gst}`, firmA.mpc.token);
    await must('GET', `/api/fileFolder/${clientA}/${gst}/${folderId}`, firmA.mpc.token);
    await must('GET', `/api/fileFolder/${clientA}/${gst}/${folderId}?before=1000000`, firmA.mpc.token);
    await must('GET', `/api/file/download/${fileId}`, firmA.mpc.token);
    await must('GET', `/api/file/download/${fileId}?inline=1`, firmA.mpc.token);
    await t.request({
      method: 'GET',
      url: `/api/file/download/${fileId}`,
      token: firmA.mpc.token,
      headers: { range: 'bytes=10-' },
    });
    await must('GET', `/api/user/${clientA}/sensitive`, firmA.mpc.token);
    await must('POST', '/api/service/assignPC', firmA.mpc.token, {
      client_id: clientA,
      service_id: gst,
      pc_id: firmA.pc.id,
    });
    await must('PUT', '/api/user/updateStatus', firmA.mpc.token, { user_id: firmA.pc.id, status: 'deactivated' });
    await must('PUT', '/api/user/updateStatus', firmA.mpc.token, { user_id: firmA.pc.id, status: 'active' });
    const member = await must('POST', '/api/member/create', firmA.mpc.token, {
      member_name: 'Asha',
      mobile_number: '9876543210',
      email_id: 'asha@example.in',
      service_id: gst,
      user_id: clientA,
    });
    await must('DELETE', `/api/member/remove/${member.json().data.family_member_id}`, firmA.mpc.token);
    await must('DELETE', `/api/file/remove/${fileId}`, firmA.mpc.token);
    await must('DELETE', `/api/folder/remove/${folderId}`, firmA.mpc.token);
    // The platform's: a service renamed, a failed sign-in of firm A's MPC and one naming no account.
    await must('POST', '/api/service/create', admin.token, { service_id: gst, service_name: 'GST Returns' });
    const rules = (await must('GET', '/api/compliance/rules', admin.token)).json().data;
    const gstr3b = rules.find((rule: { code: string }) => rule.code === 'GSTR3B_MONTHLY');
    await must('PUT', `/api/compliance/rules/${gstr3b.id}`, admin.token, { name: 'Summary return, monthly' });
    await call('POST', '/api/login', '', { email: firmA.mpc.email, password: 'Wrong@123' });
    await call('POST', '/api/login', '', { email: 'nobody@nowhere.in', password: 'Wrong@123' });
    // Firm B's client looks at its own files.
    await must('GET', `/api/serviceFiles/${firmB.client.id}/${gst}`, firmB.client.token);
    t.clock.set(new Date(lateEvening));
    await must('GET', `/api/serviceFiles/${clientA}/${gst}`, firmA.mpc.token);
    t.clock.set(new Date(midnight));
    await must('GET', `/api/serviceFiles/${clientA}/${gst}`, firmA.mpc.token);
  });

  it('writes an event for each thing people do, about the right firm and client, with no secret in it', async () => {
    const rows = await rowsOfFirm(firmA.mpc.id);
    // Sign-ins by their label: the accounts work renames their actions (audit-actions-auth.ts).
    const actions = new Set(rows.flatMap((row) => [row.action, labelOfAuditAction(row.action)]));
    for (const action of [
      'Signed in',
      'Sign-in failed',
      'user.create',
      'user.update',
      'user.disable',
      'user.enable',
      'files.view',
      'folder.view',
      'folder.create',
      'folder.delete',
      'file.upload',
      'file.view',
      'file.download',
      'file.delete',
      'assignment.pc',
      'user.sensitive_read',
      'member.create',
      'member.remove',
    ])
      expect([action, actions.has(action)]).toEqual([action, true]);
    for (const row of rows.filter((entry) => /^(file|folder|files|member)\./.test(entry.action))) {
      expect([row.action, row.client_id, row.ip]).toEqual([row.action, firmA.client.id, '127.0.0.1']);
      expect(row.platform).toBe(0);
    }
    // One folder opening (not its second page), one download and one view (not the ranged rest).
    expect(rows.filter((row) => row.action === 'folder.view')).toHaveLength(1);
    expect(rows.filter((row) => row.action === 'file.download')).toHaveLength(1);
    expect(rows.filter((row) => row.action === 'file.view')).toHaveLength(1);
    const serviceRename = await t.context.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'service.update')
      .executeTakeFirstOrThrow();
    expect(serviceRename).toMatchObject({ actor_id: admin.id, firm_id: null, client_id: null, platform: 1 });
    const all = await t.context.db.selectFrom('audit_log').selectAll().execute();
    // Every action written has its words on screen (packages/contract/src/audit-actions.ts).
    expect(all.filter((row) => labelOfAuditAction(row.action) === row.action).map((row) => row.action)).toEqual([]);
    const everything = JSON.stringify(all);
    for (const secret of ['Secret@123', 'Wrong@123', firmA.mpc.token, 'sig=']) expect(everything).not.toContain(secret);
  });

  it("shows the admin the platform's events: admins' and MPCs' sign-ins and failures, MPC and service changes, never a client's", async () => {
    const events = await readAll(admin.token);
    const actions = new Set(events.flatMap((event) => [event.action, event.action_label]));
    for (const action of ['Signed in', 'Sign-in failed', 'user.create', 'service.create', 'service.update'])
      expect([action, actions.has(action)]).toEqual([action, true]);
    expect(
      events.filter((event) => event.client !== null || /^(file|folder|files|member|assignment)\./.test(event.action)),
    ).toEqual([]);
    const actorRoles = new Set(events.map((event) => event.actor?.role ?? 'nobody'));
    expect([...actorRoles].sort()).toEqual(['admin', 'mpc', 'nobody']);
    const failureOfMpc = events.find(
      (event) => event.action_label === 'Sign-in failed' && event.actor?.id === firmA.mpc.id,
    );
    expect(failureOfMpc).toMatchObject({ action_label: 'Sign-in failed', ip: '127.0.0.1' });
    expect(events.find((event) => event.action === 'service.update')?.target).toMatchObject({
      type: 'service',
      name: 'GST Returns',
    });
    // A rule change in words, named by its form: "Compliance rule GSTR-3B", not `compliance_rule #12`.
    const ruleChange = events.find((event) => event.action === 'compliance.rule.update');
    expect(ruleChange?.action_label).toBe('Changed a due-date rule');
    expect(describeAuditTarget(ruleChange?.target ?? null)).toBe('Compliance rule GSTR-3B');
  });

  it('shows an MPC every event of its firm and none of another firm', async () => {
    const own = await readAll(firmA.mpc.token);
    expect(own.map((event) => event.id).sort((a, b) => a - b)).toEqual(
      (await rowsOfFirm(firmA.mpc.id)).map((row) => row.id),
    );
    const other = await readAll(firmB.mpc.token);
    const ownIds = new Set(own.map((event) => event.id));
    expect(other.filter((event) => ownIds.has(event.id))).toEqual([]);
    expect(other.some((event) => event.actor?.id === firmB.client.id && event.action === 'files.view')).toBe(true);
    // The names an event points at, a deleted file's and family member's included.
    const deleted = own.find((event) => event.action === 'file.delete');
    expect(deleted).toMatchObject({
      target: { type: 'file', id: fileId, name: 'return.pdf' },
      client: { id: firmA.client.id },
    });
    expect(own.find((event) => event.action === 'member.remove')?.target).toMatchObject({ name: 'Asha' });
    expect(
      own.find((event) => event.action_label === 'Signed in' && event.actor?.id === firmA.pc.id)?.actor?.role,
    ).toBe('pc');
  });

  it('filters by person, client, action and a date range of Indian days', async () => {
    const mpc = firmA.mpc.token;
    const byClient = await readAll(mpc, `&actor_id=${firmA.client.id}`);
    expect(byClient.length).toBeGreaterThan(0);
    expect(byClient.every((event) => event.actor?.id === firmA.client.id)).toBe(true);
    const aboutClient = await readAll(mpc, `&client_id=${firmA.client.id}`);
    expect(aboutClient.some((event) => event.actor?.id === firmA.mpc.id)).toBe(true);
    expect(aboutClient.every((event) => event.client?.id === firmA.client.id)).toBe(true);
    const uploads = await readAll(mpc, '&action=file.upload');
    expect(uploads.map((event) => [event.action, event.actor?.id])).toEqual([['file.upload', firmA.client.id]]);
    const openings = (query: string) =>
      readAll(mpc, `&action=files.view&actor_id=${firmA.mpc.id}${query}`).then((events) =>
        events.map((event) => event.created_at),
      );
    expect(await openings('&from=02/04/2026')).toEqual([midnight]);
    expect(await openings('&from=2/4/2026&to=02-04-2026')).toEqual([midnight]);
    expect((await openings('&to=01/04/2026'))[0]).toBe(lateEvening);
    expect(await openings('&from=03/04/2026')).toEqual([]);
    // Another firm's client is out of sight: 404, not an empty page.
    const foreign = await call('GET', `/api/audit?client_id=${firmB.client.id}`, mpc);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, AUDIT_MESSAGES.clientNotFound]);
  });

  it('pages newest first through the index: small pages add up to the whole list, none overlapping', async () => {
    const whole = await readAll(firmA.mpc.token);
    const paged = await readAll(firmA.mpc.token, '', 3);
    expect(paged.map((event) => event.id)).toEqual(whole.map((event) => event.id));
    // Many events share an instant (the test clock stands still): the id breaks the tie.
    for (let index = 1; index < whole.length; index += 1) {
      const [newer, older] = [whole[index - 1] as AuditEvent, whole[index] as AuditEvent];
      expect(
        newer.created_at > older.created_at || (newer.created_at === older.created_at && newer.id > older.id),
      ).toBe(true);
    }
    const first = (await must('GET', '/api/audit?limit=1000', firmA.mpc.token)).json().data;
    expect(first.per_page).toBe(100);
  });

  it('has no way to change or remove an event', async () => {
    const before = await t.context.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    const id = (before[0] as { id: number }).id;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const)
      for (const url of ['/api/audit', `/api/audit/${id}`, '/api/audit/export']) {
        const response = await call(method, url, admin.token, method === 'DELETE' ? undefined : { action: 'x' });
        expect([method, url, response.statusCode]).toEqual([method, url, 404]);
      }
    expect(await t.context.db.selectFrom('audit_log').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
