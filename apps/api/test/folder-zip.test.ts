import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readAuditEvents } from './support/audit-log.js';
import { uploadFileThroughApi } from './support/client-files.js';
import { buildFirm, type TestFirm } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { setUserStatusThroughApi } from './support/user-status.js';
import { readZipEntries, sha256Of, type ZipEntryRead } from './support/zip-reader.js';

/** A distinct PDF: the sample's bytes, then `extra` random ones (each file's digest is its own). */
const pdfOf = (extra: number) => Buffer.concat([SAMPLE_FILES.pdf, randomBytes(extra)]);

describe.each(listTestDialects())('a folder as one ZIP on %s', (dialect) => {
  const t = useTestApp('block', dialect);
  let firm: TestFirm;
  let other: TestFirm;
  const gst = () => firm.services[0] as number;
  const base = () => `${firm.client.id}/${gst()}`;
  const get = (url: string, token?: string) => t.request({ method: 'GET', url, ...(token ? { token } : {}) });
  const newFolder = async (name: string, extra: Record<string, unknown> = {}) => {
    const created = await t.request({
      method: 'POST',
      url: '/api/folder/create',
      token: firm.mpc.token,
      payload: { folder_name: name, client_id: firm.client.id, service_id: gst(), ...extra },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data.folder_id as number;
  };
  // What each upload sent, by the path the ZIP should show it under.
  const sent = new Map<string, Buffer>();
  const upload = async (name: string, content: Buffer, fields: Record<string, string | number> = {}) => {
    const response = await uploadFileThroughApi(
      t,
      firm.mpc.token,
      { client_id: firm.client.id, service_id: gst(), is_deleted: '0', ...fields },
      [{ field: 'file', name, content }],
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.file_id as number;
  };
  const zipOf = async (url: string, token?: string): Promise<ZipEntryRead[]> => {
    const response = await get(url, token);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    return readZipEntries(response.rawPayload);
  };
  const namesIn = (entries: ZipEntryRead[]) => entries.map((entry) => entry.name);

  let layout: { returns: number; year: number; hidden: number; inHidden: number };

  beforeAll(async () => {
    const admin = await t.signIn(await t.createUser('admin'));
    firm = await buildFirm(t, admin);
    other = await buildFirm(t, admin);
    // Top level: a shared and a firm-only file. Returns: two names that become one once made safe, a
    // file uploaded twice (only its current version goes in), a firm-only file, a subfolder 2024 with a
    // file, an empty subfolder, a subfolder named like a Windows device. A firm-only folder with a file.
    sent.set('GST/engagement.pdf', pdfOf(100));
    await upload('engagement.pdf', sent.get('GST/engagement.pdf') as Buffer);
    await upload('working-paper.pdf', pdfOf(50), { visibility: 'firm' });
    const returns = await newFolder('Returns');
    const year = await newFolder('2024', { folder_id: returns });
    await newFolder('Empty', { folder_id: returns });
    await newFolder('CON', { folder_id: returns });
    const hidden = await newFolder('Review notes', { visibility: 'firm' });
    const inHidden = await upload('notes.pdf', pdfOf(10), { folder_id: hidden });
    sent.set('Returns/Report_1.pdf', pdfOf(300));
    sent.set('Returns/Report_1 (2).pdf', pdfOf(301));
    await upload('Report:1.pdf', sent.get('Returns/Report_1.pdf') as Buffer, { folder_id: returns });
    await upload('Report?1.pdf', sent.get('Returns/Report_1 (2).pdf') as Buffer, { folder_id: returns });
    await upload('computation.pdf', pdfOf(20), { folder_id: returns });
    sent.set('Returns/computation.pdf', pdfOf(21));
    await upload('computation.pdf', sent.get('Returns/computation.pdf') as Buffer, { folder_id: returns });
    await upload('internal.pdf', pdfOf(30), { folder_id: returns, visibility: 'firm' });
    sent.set('Returns/2024/ack.pdf', pdfOf(5000));
    await upload('ack.pdf', sent.get('Returns/2024/ack.pdf') as Buffer, { folder_id: year });
    layout = { returns, year, hidden, inHidden };
  });

  it("holds a folder's files and subfolders: names made safe and unique, each entry's bytes those uploaded", async () => {
    const listed = (await get(`/api/fileFolder/${base()}/${layout.returns}`, firm.mpc.token)).json().data;
    expect(listed.zip_url).toMatch(new RegExp(`^/api/folder/zip/${base()}/${layout.returns}\\?u=`));
    // The signed link works without a header, like a file's download.
    const response = await get(listed.zip_url);
    // Named after the client, the service and the folder.
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+ - GST.* - Returns\.zip"/);
    const entries = await readZipEntries(response.rawPayload);
    expect(namesIn(entries)).toEqual([
      'Returns/',
      'Returns/Report_1.pdf',
      'Returns/Report_1 (2).pdf',
      'Returns/computation.pdf',
      'Returns/internal.pdf',
      'Returns/2024/',
      'Returns/2024/ack.pdf',
      'Returns/_CON/',
      'Returns/Empty/',
    ]);
    expect(entries.every((entry) => entry.utf8)).toBe(true);
    for (const [name, bytes] of sent) {
      if (!name.startsWith('Returns/')) continue;
      expect(
        entries.find((entry) => entry.name === name),
        name,
      ).toMatchObject({
        size: bytes.length,
        sha256: sha256Of(bytes),
      });
    }
    // Each entry is the stored file's current content: the digest the upload recorded.
    const stored = await t.context.db
      .selectFrom('files')
      .select(['file_name', 'sha256'])
      .where('folder_id', '=', layout.year)
      .execute();
    expect(entries.find((entry) => entry.name === 'Returns/2024/ack.pdf')?.sha256).toBe(stored[0]?.sha256);
  });

  it("shows the client only what is shared with it; a firm-only folder's ZIP is out of its reach", async () => {
    const top = (await get(`/api/serviceFiles/${base()}`, firm.client.token)).json().data;
    const entries = await zipOf(top.zip_url);
    const root = `${(await t.context.db.selectFrom('services').select('service_name').where('id', '=', gst()).executeTakeFirstOrThrow()).service_name}/`;
    expect(namesIn(entries).map((name) => name.slice(root.length))).toEqual([
      '',
      'engagement.pdf',
      'Returns/',
      'Returns/Report_1.pdf',
      'Returns/Report_1 (2).pdf',
      'Returns/computation.pdf',
      'Returns/2024/',
      'Returns/2024/ack.pdf',
      'Returns/_CON/',
      'Returns/Empty/',
    ]);
    // Staff see the firm-only file and folder too.
    const staff = await zipOf(`/api/folder/zip/${base()}`, firm.mpc.token);
    expect(namesIn(staff).map((name) => name.slice(root.length))).toEqual(
      expect.arrayContaining(['working-paper.pdf', 'Review notes/', 'Review notes/notes.pdf', 'Returns/internal.pdf']),
    );
    expect((await get(`/api/folder/zip/${base()}/${layout.hidden}`, firm.client.token)).statusCode).toBe(404);
    expect((await get(`/api/folder/zip/${base()}/${layout.hidden}`, firm.mpc.token)).statusCode).toBe(200);
  });

  it('answers 404 out of reach, and refuses a forged, moved or expired link', async () => {
    expect((await get(`/api/folder/zip/${base()}/${layout.returns}`, other.mpc.token)).statusCode).toBe(404);
    expect((await get(`/api/folder/zip/${base()}`, other.client.token)).statusCode).toBe(404);
    // A folder of this service asked under another client's id is not there.
    expect(
      (await get(`/api/folder/zip/${other.client.id}/${gst()}/${layout.returns}`, other.mpc.token)).statusCode,
    ).toBe(404);
    expect((await get(`/api/folder/zip/${base()}/999999`, firm.mpc.token)).statusCode).toBe(404);
    const link = (await get(`/api/fileFolder/${base()}/${layout.returns}`, firm.mpc.token)).json().data
      .zip_url as string;
    expect((await get(link.replace(/sig=[^&]+/, 'sig=forged'))).statusCode).toBe(403);
    // Signed for one folder, it opens no other.
    expect((await get(link.replace(`/${layout.returns}?`, `/${layout.year}?`))).statusCode).toBe(403);
    expect((await get(link.replace(/u=\d+/, `u=${other.mpc.id}`))).statusCode).toBe(403);
    t.clock.advance(11 * 60 * 1000);
    const expired = await get(link);
    expect(expired.statusCode).toBeGreaterThanOrEqual(400);
    expect(expired.headers['content-type']).not.toBe('application/zip');
  });

  it('is written to the activity log once per ZIP, with the count of files and their bytes', async () => {
    const before = (await readAuditEvents(t, 'folder.download_zip')).length;
    await zipOf(`/api/folder/zip/${base()}/${layout.returns}`, firm.client.token);
    const events = await readAuditEvents(t, 'folder.download_zip');
    expect(events.length).toBe(before + 1);
    const shared = [
      'Returns/Report_1.pdf',
      'Returns/Report_1 (2).pdf',
      'Returns/computation.pdf',
      'Returns/2024/ack.pdf',
    ];
    const bytes = shared.reduce((sum, name) => sum + (sent.get(name)?.length ?? 0), 0);
    expect(events.at(-1)).toMatchObject({ actor_id: firm.client.id, entity_type: 'folder', entity_id: layout.returns });
    expect(JSON.parse(events.at(-1)?.details ?? '{}')).toEqual({ files: 4, bytes });
  });

  it('answers a valid archive for an empty folder: its directory alone', async () => {
    const empty = await newFolder('Nothing yet');
    expect(namesIn(await zipOf(`/api/folder/zip/${base()}/${empty}`, firm.mpc.token))).toEqual(['Nothing yet/']);
  });

  it('refuses a link made for a user who has since been deactivated (checked again on use)', async () => {
    const link = (await get(`/api/serviceFiles/${base()}`, firm.client.token)).json().data.zip_url as string;
    expect((await get(link)).statusCode).toBe(200);
    const status = await setUserStatusThroughApi(t, firm.mpc.token, firm.client.id, 'deactivated');
    expect(status.statusCode, status.body).toBe(200);
    const refused = await get(link);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).not.toBe('application/zip');
  });
});
