import { FILE_MESSAGES as M } from '@portal/contract/files';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadFileThroughApi } from './support/client-files.js';
import { buildFirm, type TestFirm } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

type Entry = { file_id?: number; folder_id?: number; file_name?: string; folder_name?: string };

describe.each(listTestDialects())('files only the firm sees on %s', (dialect) => {
  const t = useTestApp('block', dialect);
  let firm: TestFirm;
  const gst = () => firm.services[0] as number;
  const base = () => `${firm.client.id}/${gst()}`;

  const get = (url: string, token: string) => t.request({ method: 'GET', url, token });
  const put = (url: string, token: string, payload: object) => t.request({ method: 'PUT', url, token, payload });
  const newFolder = async (token: string, name: string, extra: Record<string, unknown> = {}) => {
    const created = await t.request({
      method: 'POST',
      url: '/api/folder/create',
      token,
      payload: { folder_name: name, client_id: firm.client.id, service_id: gst(), ...extra },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data as { folder_id: number; visibility: string };
  };
  const upload = async (token: string, name: string, fields: Record<string, string | number> = {}) => {
    const staff = token !== firm.client.token;
    const sent = await uploadFileThroughApi(
      t,
      token,
      { client_id: firm.client.id, service_id: gst(), ...(staff ? { is_deleted: '0' } : {}), ...fields },
      [{ field: 'file', name, content: SAMPLE_FILES.pdf }],
    );
    return sent;
  };
  const uploaded = async (token: string, name: string, fields: Record<string, string | number> = {}) => {
    const sent = await upload(token, name, fields);
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json().data as { file_id: number; visibility: string; download_url: string };
  };
  const namesOf = (entries: Entry[]) => entries.map((entry) => entry.file_name ?? entry.folder_name).sort();

  // One service holding: a shared file, a firm-only file, a firm-only folder with a shared file and a
  // shared subfolder (holding a file) inside, and a shared folder holding a firm-only and a shared file.
  let layout: {
    sharedFile: number;
    firmFile: number;
    hiddenFolder: number;
    insideHidden: number;
    subfolder: number;
    deepFile: number;
    openFolder: number;
    firmInOpen: number;
    sharedInOpen: number;
  };

  beforeAll(async () => {
    const admin = await t.signIn(await t.createUser('admin'));
    firm = await buildFirm(t, admin);
    const sharedFile = (await uploaded(firm.mpc.token, 'engagement-letter.pdf')).file_id;
    const firmFile = (await uploaded(firm.mpc.token, 'working-paper.pdf', { visibility: 'firm' })).file_id;
    const hidden = await newFolder(firm.mpc.token, 'Review notes', { visibility: 'firm' });
    expect(hidden.visibility).toBe('firm');
    const insideHidden = (await uploaded(firm.mpc.token, 'notes.pdf', { folder_id: hidden.folder_id })).file_id;
    const subfolder = (await newFolder(firm.mpc.token, 'Drafts', { folder_id: hidden.folder_id })).folder_id;
    const deepFile = (await uploaded(firm.mpc.token, 'draft.pdf', { folder_id: subfolder })).file_id;
    const open = await newFolder(firm.mpc.token, 'Returns');
    const firmInOpen = (await uploaded(firm.mpc.token, 'computation.pdf', { folder_id: open.folder_id })).file_id;
    expect((await put(`/api/file/visibility/${firmInOpen}`, firm.mpc.token, { visibility: 'firm' })).statusCode).toBe(
      200,
    );
    const sharedInOpen = (await uploaded(firm.mpc.token, 'acknowledgement.pdf', { folder_id: open.folder_id })).file_id;
    layout = {
      sharedFile,
      firmFile,
      hiddenFolder: hidden.folder_id,
      insideHidden,
      subfolder,
      deepFile,
      openFolder: open.folder_id,
      firmInOpen,
      sharedInOpen,
    };
  });

  it('shows staff everything, marked, and the client only what is shared: lists and counts', async () => {
    const staffTop = (await get(`/api/serviceFiles/${base()}`, firm.mpc.token)).json().data;
    expect(namesOf(staffTop.files)).toEqual(['engagement-letter.pdf', 'working-paper.pdf']);
    expect(namesOf(staffTop.folders)).toEqual(['Returns', 'Review notes']);
    const staffOpen = staffTop.folders.find((entry: Entry) => entry.folder_name === 'Returns');
    expect(staffOpen).toMatchObject({ files: 2, visibility: 'shared', permissions: { visibility: true } });
    expect(staffTop.files.find((entry: Entry) => entry.file_id === layout.firmFile)).toMatchObject({
      visibility: 'firm',
    });

    const clientTop = (await get(`/api/serviceFiles/${base()}`, firm.client.token)).json().data;
    expect(namesOf(clientTop.files)).toEqual(['engagement-letter.pdf']);
    expect(namesOf(clientTop.folders)).toEqual(['Returns']);
    // The count is of what the client sees: one of the two files.
    expect(clientTop.folders[0]).toMatchObject({ files: 1, children: 0, permissions: { visibility: false } });
    const specList = (await get(`/api/folders/${base()}`, firm.client.token)).json().data;
    expect(namesOf(specList)).toEqual(['Returns']);
    const clientOpen = (await get(`/api/fileFolder/${base()}/${layout.openFolder}`, firm.client.token)).json().data;
    expect(namesOf(clientOpen.files)).toEqual(['acknowledgement.pdf']);
    expect(clientOpen.firm_only_here).toBe(false);
  });

  it('answers 404 to the client for a firm-only file or folder asked by id, and anything inside one', async () => {
    for (const id of [layout.firmFile, layout.insideHidden, layout.deepFile, layout.firmInOpen]) {
      const download = await get(`/api/file/download/${id}`, firm.client.token);
      expect(download.statusCode, `file ${id}`).toBe(404);
      expect(download.json().message).toBe(M.fileNotFound);
      expect(
        (await t.request({ method: 'DELETE', url: `/api/file/remove/${id}`, token: firm.client.token })).statusCode,
      ).toBe(404);
    }
    for (const id of [layout.hiddenFolder, layout.subfolder]) {
      expect((await get(`/api/fileFolder/${base()}/${id}`, firm.client.token)).statusCode, `folder ${id}`).toBe(404);
      // Nor can the client put anything there.
      const into = await t.request({
        method: 'POST',
        url: '/api/folder/create',
        token: firm.client.token,
        payload: { folder_name: 'Mine', client_id: firm.client.id, service_id: gst(), folder_id: id },
      });
      expect(into.statusCode).toBe(404);
      expect((await upload(firm.client.token, 'sneak.pdf', { folder_id: id })).statusCode).toBe(404);
    }
    // Staff open all of them.
    for (const id of [layout.firmFile, layout.insideHidden, layout.deepFile, layout.firmInOpen])
      expect((await get(`/api/file/download/${id}`, firm.mpc.token)).statusCode).toBe(200);
    const inside = (await get(`/api/fileFolder/${base()}/${layout.subfolder}`, firm.mpc.token)).json().data;
    expect(inside.firm_only_here).toBe(true);
    expect(namesOf(inside.files)).toEqual(['draft.pdf']);
  });

  it("keeps firm-only files out of the client's recent files", async () => {
    const recent = (await get('/api/file/recent', firm.client.token)).json().data as Entry[];
    const ids = recent.map((entry) => entry.file_id);
    expect(ids).toEqual([layout.sharedInOpen, layout.sharedFile]);
  });

  it('lets the client neither choose firm-only nor change what it sees; staff change it and it is logged', async () => {
    expect((await upload(firm.client.token, 'mine.pdf', { visibility: 'firm' })).statusCode).toBe(403);
    const own = await uploaded(firm.client.token, 'mine.pdf');
    expect(own.visibility).toBe('shared');
    expect(
      (await put(`/api/file/visibility/${layout.sharedFile}`, firm.client.token, { visibility: 'firm' })).statusCode,
    ).toBe(403);
    expect(
      (await put(`/api/file/visibility/${layout.firmFile}`, firm.client.token, { visibility: 'shared' })).statusCode,
    ).toBe(404);
    // What the client uploaded stays shared.
    const keep = await put(`/api/file/visibility/${own.file_id}`, firm.mpc.token, { visibility: 'firm' });
    expect(keep.statusCode).toBe(422);
    expect(keep.json().errors).toEqual({ visibility: [M.clientUploadStaysShared] });
    const bad = await put(`/api/file/visibility/${layout.sharedFile}`, firm.mpc.token, { visibility: 'public' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ visibility: [M.visibilityInvalid] });

    // Sharing the firm-only folder again shows it and its shared contents, never a file marked on its own.
    const shared = await put(`/api/folder/visibility/${layout.openFolder}`, firm.mpc.token, { visibility: 'firm' });
    expect(shared.statusCode).toBe(200);
    const clientTop = (await get(`/api/serviceFiles/${base()}`, firm.client.token)).json().data;
    expect(namesOf(clientTop.folders)).toEqual([]);
    expect((await get(`/api/file/download/${layout.sharedInOpen}`, firm.client.token)).statusCode).toBe(404);
    await put(`/api/folder/visibility/${layout.openFolder}`, firm.mpc.token, { visibility: 'shared' });
    const reopened = (await get(`/api/fileFolder/${base()}/${layout.openFolder}`, firm.client.token)).json().data;
    expect(namesOf(reopened.files)).toEqual(['acknowledgement.pdf']);

    const logged = await t.context.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', 'in', ['file.visibility', 'folder.visibility'])
      .where('actor_id', '=', firm.mpc.id)
      .orderBy('id')
      .execute();
    expect(logged.map((row) => [row.action, Number(row.entity_id)])).toEqual([
      ['file.visibility', layout.firmInOpen],
      ['folder.visibility', layout.openFolder],
      ['folder.visibility', layout.openFolder],
    ]);
  });

  it('counts a folder holding only firm-only files as not empty when the client deletes it', async () => {
    const folder = await newFolder(firm.client.token, 'From me');
    await uploaded(firm.mpc.token, 'firm-note.pdf', { folder_id: folder.folder_id, visibility: 'firm' });
    const seen = (await get(`/api/fileFolder/${base()}/${folder.folder_id}`, firm.client.token)).json().data;
    expect(seen.files).toEqual([]);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/folder/remove/${folder.folder_id}`,
      token: firm.client.token,
    });
    expect(removed.statusCode).toBe(409);
    expect(
      await t.context.db.selectFrom('folders').select('id').where('id', '=', folder.folder_id).execute(),
    ).toHaveLength(1);
  });

  it('lets the client name a folder like a firm-only one it cannot see, without telling it the name is taken', async () => {
    const mine = await t.request({
      method: 'POST',
      url: '/api/folder/create',
      token: firm.client.token,
      payload: { folder_name: 'review NOTES', client_id: firm.client.id, service_id: gst() },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    // Staff see both; sharing the firm-only one now would make two shared folders of one name.
    const clash = await put(`/api/folder/visibility/${layout.hiddenFolder}`, firm.mpc.token, { visibility: 'shared' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ visibility: [M.folderNameTaken] });
  });

  it("never lets a client's upload of the same name replace staff's file, nor shows it staff's history", async () => {
    const staff = await uploaded(firm.mpc.token, 'form16.pdf');
    await uploaded(firm.mpc.token, 'form16.pdf');
    const before = (await get(`/api/file/${staff.file_id}/versions`, firm.mpc.token)).json().data;
    expect(before.versions).toHaveLength(2);
    // The client sees the current content only: staff's earlier ones may be drafts made while firm-only.
    const seenByClient = (await get(`/api/file/${staff.file_id}/versions`, firm.client.token)).json().data;
    expect(seenByClient.versions.map((entry: { current: boolean }) => entry.current)).toEqual([true]);
    const listed = (await get(`/api/serviceFiles/${base()}`, firm.client.token)).json().data.files;
    expect(listed.find((entry: Entry) => entry.file_id === staff.file_id).version_count).toBe(1);
    const olderId = before.versions[1].version_id as number;
    expect((await get(`/api/file/${staff.file_id}/versions/${olderId}/download`, firm.client.token)).statusCode).toBe(
      404,
    );

    // A client's own upload of that name is a file of its own beside staff's, which keeps its versions.
    const own = await uploaded(firm.client.token, 'FORM16.pdf');
    expect(own.file_id).not.toBe(staff.file_id);
    const after = (await get(`/api/file/${staff.file_id}/versions`, firm.mpc.token)).json().data;
    expect(after.versions).toEqual(before.versions);
    // Its own re-upload is a version of its own file, with its history for it to read.
    const again = await uploaded(firm.client.token, 'form16.PDF');
    expect(again.file_id).toBe(own.file_id);
    const ownHistory = (await get(`/api/file/${own.file_id}/versions`, firm.client.token)).json().data;
    expect(ownHistory.versions).toHaveLength(2);
    // Nor does staff's upload of that name replace what the client sent.
    const staffAgain = await uploaded(firm.mpc.token, 'form16.pdf');
    expect(staffAgain.file_id).toBe(staff.file_id);
    const clientFile = (await get(`/api/file/${own.file_id}/versions`, firm.mpc.token)).json().data;
    expect(clientFile.versions).toHaveLength(2);
  });
});
