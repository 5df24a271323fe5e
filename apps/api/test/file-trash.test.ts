import { FILE_TRASH_MESSAGES } from '@portal/contract/file-trash';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFirm, type TestFirm } from './support/firm.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { auditActionsOf, bindTrashCalls, digestOf, pdfNamed } from './support/trash.js';
import { readZipEntries } from './support/zip-reader.js';

describe.each(listTestDialects())('the trash of a service on %s', (dialect) => {
  const t = useTestApp('block', dialect);
  let firm: TestFirm;
  beforeAll(async () => {
    const admin = await t.signIn(await t.createUser('admin'));
    firm = await buildFirm(t, admin);
  });
  const c = bindTrashCalls(t, () => firm);
  const zipNames = async (token: string) => {
    const zip = await c.follow((await c.topLevel(token)).zip_url);
    expect(zip.statusCode).toBe(200);
    return (await readZipEntries(zip.rawPayload)).map((entry) => entry.name);
  };

  it('takes a deleted file out of the list, the ZIP, its link and versions, lists it in the trash, and restores it whole', async () => {
    const file = await c.upload(firm.mpc.token, 'Form 16.pdf');
    const shared = await c.upload(firm.mpc.token, 'Form 16.pdf');
    expect(shared.file_id).toBe(file.file_id);
    expect((await zipNames(firm.mpc.token)).some((name) => name.endsWith('/Form 16.pdf'))).toBe(true);
    const link = file.download_url;

    expect((await c.remove('file', file.file_id, firm.mpc.token)).statusCode).toBe(200);
    expect((await c.topLevel(firm.mpc.token)).files.map((entry) => entry.file_id)).not.toContain(file.file_id);
    expect((await c.topLevel(firm.client.token)).files.map((entry) => entry.file_id)).not.toContain(file.file_id);
    expect((await zipNames(firm.mpc.token)).some((name) => name.endsWith('/Form 16.pdf'))).toBe(false);
    expect((await c.follow(link)).statusCode).toBe(404);
    const byId = await t.request({ method: 'GET', url: `/api/file/download/${file.file_id}`, token: firm.mpc.token });
    expect(byId.statusCode).toBe(404);
    const versions = await t.request({
      method: 'GET',
      url: `/api/file/${file.file_id}/versions`,
      token: firm.mpc.token,
    });
    expect(versions.statusCode).toBe(404);
    const recent = await t.request({ method: 'GET', url: '/api/file/recent', token: firm.client.token });
    expect(recent.json().data.map((entry: { file_id: number }) => entry.file_id)).not.toContain(file.file_id);

    const page = await c.readTrash(firm.mpc.token);
    expect(page.trash_days).toBe(30);
    const entry = page.entries.find((item) => item.name === 'Form 16.pdf');
    expect(entry).toMatchObject({
      kind: 'file',
      from_path: [],
      deleted_by: expect.stringMatching(/^Meera /),
      deleted_at: t.clock.now().toISOString(),
      days_left: 30,
      files: 1,
      size: pdfNamed('Form 16.pdf').length,
      visibility: 'shared',
      permissions: { restore: true, purge: true },
    });

    const restored = await c.restore(entry?.trash_id as number, firm.mpc.token);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      message: FILE_TRASH_MESSAGES.restored,
      data: { kind: 'file', id: file.file_id, name: 'Form 16.pdf', folder_id: null, moved_to_top: false },
    });
    const back = (await c.topLevel(firm.mpc.token)).files.find((item) => item.file_id === file.file_id);
    const content = await c.follow(back?.download_url as string);
    expect(digestOf(content.rawPayload)).toBe(digestOf(pdfNamed('Form 16.pdf')));
    const history = await t.request({
      method: 'GET',
      url: `/api/file/${file.file_id}/versions`,
      token: firm.mpc.token,
    });
    expect(history.json().data.versions).toHaveLength(2);
    expect((await c.readTrash(firm.mpc.token)).entries.map((item) => item.trash_id)).not.toContain(entry?.trash_id);
    expect((await c.restore(entry?.trash_id as number, firm.mpc.token)).statusCode).toBe(404);
    const actions = await auditActionsOf(t, 'file', file.file_id);
    expect(actions.filter((action) => ['file.delete', 'file.restore'].includes(action))).toEqual([
      'file.delete',
      'file.restore',
    ]);
  });

  it('deletes a folder with everything in it as one entry, and brings the whole tree back', async () => {
    const top = await c.newFolder(firm.mpc.token, 'Audit 2024-25');
    const inner = await c.newFolder(firm.mpc.token, 'Working papers', { folder_id: top });
    await c.upload(firm.mpc.token, 'ledger.pdf', { folder_id: top });
    await c.upload(firm.mpc.token, 'notes.pdf', { folder_id: inner });
    expect((await c.remove('folder', top, firm.mpc.token)).statusCode).toBe(200);

    expect((await c.topLevel(firm.mpc.token)).folders.map((folder) => folder.folder_id)).not.toContain(top);
    expect((await c.folderContents(top, firm.mpc.token)).statusCode).toBe(404);
    expect((await c.folderContents(inner, firm.mpc.token)).statusCode).toBe(404);
    // Its name is free again meanwhile.
    const again = await c.newFolder(firm.mpc.token, 'Audit 2024-25');
    const entry = await c.entryOf(firm.mpc.token, 'folder', 'Audit 2024-25');
    expect(entry).toMatchObject({ files: 2, from_path: [] });

    const restored = await c.restore(entry?.trash_id as number, firm.mpc.token);
    expect(restored.json().data).toMatchObject({ id: top, name: 'Audit 2024-25 (restored)', moved_to_top: false });
    const contents = (await c.folderContents(top, firm.mpc.token)).json().data;
    expect(contents.folders.map((folder: { folder_id: number }) => folder.folder_id)).toEqual([inner]);
    expect(contents.files.map((file: { file_name: string }) => file.file_name)).toEqual(['ledger.pdf']);
    const below = (await c.folderContents(inner, firm.mpc.token)).json().data;
    expect(below.files.map((file: { file_name: string }) => file.file_name)).toEqual(['notes.pdf']);
    const logged = (await auditActionsOf(t, 'folder', top)).filter((action) => action !== 'folder.view');
    expect(logged).toEqual(['folder.create', 'folder.delete', 'folder.restore']);
    expect((await c.remove('folder', again, firm.mpc.token)).statusCode).toBe(200);
  });

  it('restores a file whose folder is in the trash to the top level, firm-only if a folder above it was', async () => {
    const firmOnly = await c.newFolder(firm.mpc.token, 'Partner review', { visibility: 'firm' });
    const plain = await c.newFolder(firm.mpc.token, 'Scans');
    const hidden = await c.upload(firm.mpc.token, 'draft computation.pdf', { folder_id: firmOnly });
    const scan = await c.upload(firm.mpc.token, 'pan.pdf', { folder_id: plain });
    for (const [kind, id] of [
      ['file', hidden.file_id],
      ['file', scan.file_id],
      ['folder', firmOnly],
      ['folder', plain],
    ] as const)
      expect((await c.remove(kind, id, firm.mpc.token)).statusCode).toBe(200);
    const hiddenEntry = await c.entryOf(firm.mpc.token, 'file', 'draft computation.pdf');
    expect(hiddenEntry).toMatchObject({ from_path: ['Partner review'], visibility: 'firm' });
    const scanEntry = await c.entryOf(firm.mpc.token, 'file', 'pan.pdf');

    const first = await c.restore(hiddenEntry?.trash_id as number, firm.mpc.token);
    expect(first.json()).toMatchObject({
      message: FILE_TRASH_MESSAGES.restoredToTop,
      data: { folder_id: null, moved_to_top: true },
    });
    expect((await c.restore(scanEntry?.trash_id as number, firm.mpc.token)).json().data.moved_to_top).toBe(true);
    const staffTop = (await c.topLevel(firm.mpc.token)).files;
    expect(staffTop.find((file) => file.file_id === hidden.file_id)?.visibility).toBe('firm');
    expect(staffTop.find((file) => file.file_id === scan.file_id)?.visibility).toBe('shared');
    const clientTop = (await c.topLevel(firm.client.token)).files.map((file) => file.file_id);
    expect(clientTop).toContain(scan.file_id);
    expect(clientTop).not.toContain(hidden.file_id);
  });

  it('restores beside a live file of the same name as a renamed copy, never as a version of it', async () => {
    const old = await c.upload(firm.mpc.token, 'GSTR-3B.pdf');
    expect((await c.remove('file', old.file_id, firm.mpc.token)).statusCode).toBe(200);
    // An upload of its name while it is in the trash is a new file, not its new version.
    const live = await c.upload(firm.mpc.token, 'gstr-3b.pdf');
    expect(live.file_id).not.toBe(old.file_id);
    const entry = await c.entryOf(firm.mpc.token, 'file', 'GSTR-3B.pdf');
    const restored = (await c.restore(entry?.trash_id as number, firm.mpc.token)).json().data;
    expect(restored).toMatchObject({ id: old.file_id, name: 'GSTR-3B (restored).pdf' });
    const names = (await c.topLevel(firm.mpc.token)).files.map((file) => file.file_name);
    expect(names).toEqual(expect.arrayContaining(['gstr-3b.pdf', 'GSTR-3B (restored).pdf']));
    const versions = await t.request({
      method: 'GET',
      url: `/api/file/${live.file_id}/versions`,
      token: firm.mpc.token,
    });
    expect(versions.json().data.versions).toHaveLength(1);
  });
});
