import { beforeAll, describe, expect, it } from 'vitest';
import { uploadFileThroughApi } from './support/client-files.js';
import { buildFirm, type TestFirm } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

type ActivityEvent = { action: string; ip: string | null; target: { name?: string } | null; [key: string]: unknown };

/**
 * A client's activity as its PC reads it (issue 20): what the PC may open, and nothing of where the client
 * signs in from.
 */
describe.each(listTestDialects())("a client's activity, read by a PC of one of its services, on %s", (dialect) => {
  const t = useTestApp('block', dialect);
  let firm: TestFirm;
  let gst: number;
  let itr: number;

  async function upload(serviceId: number, name: string) {
    const answer = await uploadFileThroughApi(
      t,
      firm.mpc.token,
      { client_id: firm.client.id, service_id: serviceId, folder_id: '', path: '[]', notes: '', is_deleted: '0' },
      [{ field: 'file', name, content: SAMPLE_FILES.pdf }],
    );
    expect(answer.statusCode, answer.body).toBe(201);
  }

  async function activityOf(token: string): Promise<ActivityEvent[]> {
    const answer = await t.request({ method: 'GET', url: `/api/audit?limit=100&client_id=${firm.client.id}`, token });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data.data;
  }

  beforeAll(async () => {
    const adminToken = await t.signIn(await t.createUser('admin'));
    firm = await buildFirm(t, adminToken);
    [gst, itr] = firm.services as [number, number];
    await t.request({
      method: 'POST',
      url: '/api/service/assignPC',
      token: firm.mpc.token,
      payload: { client_id: firm.client.id, service_id: gst, pc_id: firm.pc.id },
    });
    await upload(gst, 'gst-return-march.pdf');
    await upload(itr, 'itr-computation-2026.pdf');
    // The client signs in again: its sign-ins, with its address, are in the log.
    await t.signIn(firm.client);
  });

  it('shows the PC the events of the service it handles, not those of files it cannot open', async () => {
    const text = JSON.stringify(await activityOf(firm.pc.token));
    expect(text).toContain('gst-return-march.pdf');
    expect(text).not.toContain('itr-computation-2026.pdf');
    // The file the PC cannot open answers 404 to it, as the log now agrees.
    const files = await t.request({
      method: 'GET',
      url: `/api/serviceFiles/${firm.client.id}/${itr}`,
      token: firm.pc.token,
    });
    expect(files.statusCode).toBe(404);
  });

  it("shows the PC neither the client's sign-ins nor any address; the MPC sees both", async () => {
    const seenByPc = await activityOf(firm.pc.token);
    expect(seenByPc.length).toBeGreaterThan(0);
    expect(seenByPc.filter((event) => event.action.startsWith('auth.'))).toEqual([]);
    expect(seenByPc.map((event) => event.ip).filter((ip) => ip !== null)).toEqual([]);
    const seenByMpc = await activityOf(firm.mpc.token);
    expect(seenByMpc.some((event) => event.action === 'auth.sign_in')).toBe(true);
    expect(seenByMpc.some((event) => event.ip === '127.0.0.1')).toBe(true);
    expect(JSON.stringify(seenByMpc)).toContain('itr-computation-2026.pdf');
  });

  it('exports to the PC exactly what its screen shows', async () => {
    const exported = await t.request({
      method: 'GET',
      url: `/api/audit/export?client_id=${firm.client.id}`,
      token: firm.pc.token,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('gst-return-march.pdf');
    expect(exported.body).not.toContain('itr-computation-2026.pdf');
    expect(exported.body).not.toContain('127.0.0.1');
  });
});
