import { FILE_MESSAGES as M } from '@portal/contract/files';
import { describe, expect, it } from 'vitest';
import { FILE_LINK_TTL_SECONDS } from '../src/modules/files/file-links.js';
import { uploadFileThroughApi } from './support/client-files.js';
import { useFirm, useFirmApp } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { listTestDialects } from './support/test-database.js';

describe.each(listTestDialects())('files at a service top level, delete reasons and link pages on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('block', dialect);
  const other = useFirm('block', t, { admin, sharing: firm });

  const gst = () => firm.services[0] as number;
  const topLevel = (token: string, clientId = firm.client.id) =>
    t.request({ method: 'GET', url: `/api/serviceFiles/${clientId}/${gst()}`, token });
  const upload = (token: string, fields: Record<string, string | number>, name = 'top.pdf') => {
    return uploadFileThroughApi(
      t,
      token,
      { client_id: firm.client.id, service_id: gst(), notes: 'Top level', ...fields },
      [{ field: 'file', name, content: SAMPLE_FILES.pdf }],
    );
  };
  const newFolder = (token: string, name: string) =>
    t.request({
      method: 'POST',
      url: '/api/folder/create',
      token,
      payload: { folder_name: name, client_id: firm.client.id, service_id: gst(), folder_id: '' },
    });

  it('keeps a file without a folder at the service top level, beside the folders, for staff and client alike', async () => {
    const folder = (await newFolder(firm.mpc.token, 'Returns')).json().data;
    const staffFile = await upload(firm.mpc.token, { folder_id: '', is_deleted: '1' });
    expect(staffFile.statusCode).toBe(201);
    expect(staffFile.json().data).toMatchObject({ folder_id: null, notes: 'Top level', is_deleted: 1 });
    const clientFile = await upload(firm.client.token, {}, 'mine.pdf');
    expect(clientFile.statusCode).toBe(201);
    expect(clientFile.json().data).toMatchObject({ folder_id: null, permissions: { delete: true } });

    const seen = (await topLevel(firm.client.token)).json().data;
    expect(seen.permissions).toEqual({ upload: true, visibility: false });
    expect(seen.folders.map((entry: { folder_id: number }) => entry.folder_id)).toEqual([folder.folder_id]);
    expect(seen.files.map((entry: { file_name: string }) => entry.file_name)).toEqual(['mine.pdf', 'top.pdf']);
    // The spec's folder list stays folders only.
    const spec = (
      await t.request({ method: 'GET', url: `/api/folders/${firm.client.id}/${gst()}`, token: firm.mpc.token })
    ).json().data;
    expect(spec).toHaveLength(1);
    // Another firm reaches neither the list nor the files.
    expect((await topLevel(other.mpc.token)).statusCode).toBe(404);
  });

  it('asks staff, not the client, whether the client may delete a file', async () => {
    // The PC who handles the service (out of reach, an upload is refused before its fields are judged).
    await t.request({
      method: 'POST',
      url: '/api/service/assignPC',
      token: firm.mpc.token,
      payload: { client_id: firm.client.id, service_id: gst(), pc_id: firm.pc.id },
    });
    const staff = await upload(firm.pc.token, {});
    expect(staff.statusCode).toBe(422);
    expect(staff.json().errors).toEqual({ is_deleted: [M.canDeleteRequired] });
    const client = await upload(firm.client.token, {}, 'asked-nothing.pdf');
    expect(client.statusCode).toBe(201);
  });

  it('refuses a folder id of another service or client, keeping nothing', async () => {
    const foreign = (
      await t.request({
        method: 'POST',
        url: '/api/folder/create',
        token: other.mpc.token,
        payload: { folder_name: 'Theirs', client_id: other.client.id, service_id: gst(), folder_id: '' },
      })
    ).json().data;
    const before = await t.context.db.selectFrom('files').select('id').execute();
    const response = await upload(firm.mpc.token, { folder_id: foreign.folder_id, is_deleted: '0' });
    expect(response.statusCode).toBe(404);
    expect(await t.context.db.selectFrom('files').select('id').execute()).toEqual(before);
  });

  it('offers deleting a folder only to who may, and tells the client why a full one cannot go yet', async () => {
    const full = (await newFolder(firm.client.token, 'Full')).json().data;
    await upload(firm.client.token, { folder_id: full.folder_id }, 'inside.pdf');
    const empty = (await newFolder(firm.mpc.token, 'Empty')).json().data;
    const asStaff = (await topLevel(firm.mpc.token)).json().data.folders;
    const byName = (entries: { folder_name: string }[], name: string) =>
      entries.find((entry) => entry.folder_name === name);
    // Staff delete a folder with what it holds, to the trash (docs/decisions/0043); the client only an empty one.
    expect(byName(asStaff, 'Full')).toMatchObject({ permissions: { delete: true }, cannot_delete_reason: null });
    expect(byName(asStaff, 'Empty')).toMatchObject({ permissions: { delete: true }, cannot_delete_reason: null });
    const asClient = (await topLevel(firm.client.token)).json().data.folders;
    expect(byName(asClient, 'Full')).toMatchObject({
      permissions: { delete: true },
      cannot_delete_reason: M.folderNotEmpty,
    });
    expect(byName(asClient, 'Empty')).toMatchObject({ permissions: { delete: false }, cannot_delete_reason: null });
    const refused = await t.request({
      method: 'DELETE',
      url: `/api/folder/remove/${empty.folder_id}`,
      token: firm.client.token,
    });
    expect(refused.json()).toMatchObject({ message: M.folderNotYours });
    expect(empty.cannot_delete_reason).toBeNull();
  });

  it('answers a missing and a foreign client in the same words, and names a service the client lacks', async () => {
    const missing = await t.request({ method: 'GET', url: `/api/serviceFiles/999999/${gst()}`, token: firm.mpc.token });
    const foreign = await t.request({
      method: 'GET',
      url: `/api/serviceFiles/${other.client.id}/${gst()}`,
      token: firm.mpc.token,
    });
    expect([missing.statusCode, foreign.statusCode]).toEqual([404, 404]);
    expect(missing.json().message).toBe(M.clientServiceNotFound);
    expect(foreign.json()).toEqual(missing.json());
    const unknownService = await t.request({
      method: 'GET',
      url: `/api/serviceFiles/${firm.client.id}/999999`,
      token: firm.mpc.token,
    });
    expect(unknownService.statusCode).toBe(404);
    expect(unknownService.json().message).toBe(M.serviceNotFound);
  });

  it('names when a download link stops working, and sends a browser with an expired or forged link to a page', async () => {
    const file = (await upload(firm.mpc.token, { is_deleted: '0' }, 'linked.pdf')).json().data;
    const expiresAt = Date.parse(file.download_url_expires_at);
    const expires = Number(new URL(file.download_url, 'http://x').searchParams.get('expires'));
    expect(expiresAt).toBe(expires * 1000);
    expect(expiresAt - t.clock.now().getTime()).toBeLessThanOrEqual(FILE_LINK_TTL_SECONDS * 1000);

    const navigate = { 'sec-fetch-mode': 'navigate', accept: 'text/html,application/xhtml+xml' };
    const fresh = await t.request({ method: 'GET', url: file.download_url, headers: navigate });
    expect(fresh.statusCode).toBe(200);
    const forged = await t.request({ method: 'GET', url: `${file.download_url}x`, headers: navigate });
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toBe('/link-problem?reason=invalid');

    t.clock.advance((FILE_LINK_TTL_SECONDS + 1) * 1000);
    const expired = await t.request({ method: 'GET', url: file.download_url, headers: navigate });
    expect(expired.statusCode).toBe(303);
    expect(expired.headers.location).toBe('/link-problem?reason=expired');
    // A script calling the link still gets the envelope.
    const scripted = await t.request({
      method: 'GET',
      url: file.download_url,
      headers: { 'sec-fetch-mode': 'cors', accept: 'application/json' },
    });
    expect(scripted.statusCode).toBe(403);
    expect(scripted.json()).toMatchObject({ status: 'error', message: expect.stringMatching(/expired/) });
  });
});

describe.each(listTestDialects())('files a page at a time on %s', (dialect) => {
  const { t, firm } = useFirmApp('block', dialect);

  it('pages a folder and the top level newest first, signs only the page, and says where the next page starts', async () => {
    const gst = firm.services[0] as number;
    const folder = (
      await t.request({
        method: 'POST',
        url: '/api/folder/create',
        token: firm.mpc.token,
        payload: { folder_name: 'Invoices', client_id: firm.client.id, service_id: gst, folder_id: '' },
      })
    ).json().data.folder_id as number;
    const names = ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf'];
    for (const [index, name] of names.entries()) {
      expect(
        (
          await uploadFileThroughApi(
            t,
            firm.mpc.token,
            { client_id: firm.client.id, service_id: gst, is_deleted: '0', folder_id: index < 3 ? folder : '' },
            [{ field: 'file', name, content: SAMPLE_FILES.pdf }],
          )
        ).statusCode,
      ).toBe(201);
    }
    const read = async (url: string) => {
      const response = await t.request({ method: 'GET', url, token: firm.mpc.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { folders: unknown[]; files: { file_name: string }[]; files_next: number | null };
    };
    const inFolder = `/api/fileFolder/${firm.client.id}/${gst}/${folder}`;
    const first = await read(`${inFolder}?limit=2`);
    expect(first.files.map((file) => file.file_name)).toEqual(['c.pdf', 'b.pdf']);
    expect(first.files_next).toEqual(expect.any(Number));
    const second = await read(`${inFolder}?limit=2&before=${first.files_next}`);
    expect(second.files.map((file) => file.file_name)).toEqual(['a.pdf']);
    expect(second.files_next).toBeNull();
    // Without a limit, one page of 50 holds them all.
    expect((await read(inFolder)).files_next).toBeNull();

    const top = await read(`/api/serviceFiles/${firm.client.id}/${gst}?limit=1`);
    expect(top.files.map((file) => file.file_name)).toEqual(['e.pdf']);
    expect(top.folders).toHaveLength(1);
    const rest = await read(`/api/serviceFiles/${firm.client.id}/${gst}?limit=1&before=${top.files_next}`);
    expect(rest.files.map((file) => file.file_name)).toEqual(['d.pdf']);
    expect(rest.files_next).toBeNull();

    for (const bad of ['before=abc', 'before=-3', 'limit=0']) {
      const response = await t.request({ method: 'GET', url: `${inFolder}?${bad}`, token: firm.mpc.token });
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().message, bad).toBe('The given data was invalid.');
      expect(JSON.stringify(response.json().errors)).toContain(M.cursorInvalid);
    }
  });
});
