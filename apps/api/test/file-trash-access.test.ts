import { FILE_TRASH_MESSAGES } from '@portal/contract/file-trash';
import { describe, expect, it } from 'vitest';
import { assignFirmStaff, useFirm, useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';
import { bindTrashCalls } from './support/trash.js';

describe.each(listTestDialects())('who sees and acts on the trash on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('block', dialect);
  const other = useFirm('block', t, { admin, sharing: firm });
  const c = bindTrashCalls(t, () => firm);
  const namesIn = async (token: string) => (await c.readTrash(token)).entries.map((entry) => entry.name);

  it('shows the client only what it deleted itself: it restores that, never deletes it for good', async () => {
    const own = await c.upload(firm.client.token, 'my pan.pdf');
    const givenMe = await c.upload(firm.mpc.token, 'engagement letter.pdf', { is_deleted: '1' });
    const staffs = await c.upload(firm.mpc.token, 'computation.pdf');
    const firmOnly = await c.upload(firm.mpc.token, 'review notes.pdf', { visibility: 'firm' });
    for (const [id, token] of [
      [own.file_id, firm.client.token],
      [givenMe.file_id, firm.client.token],
      [staffs.file_id, firm.mpc.token],
      [firmOnly.file_id, firm.mpc.token],
    ] as const)
      expect((await c.remove('file', id, token)).statusCode).toBe(200);

    expect(await namesIn(firm.client.token)).toEqual(['engagement letter.pdf', 'my pan.pdf']);
    expect(await namesIn(firm.mpc.token)).toEqual(
      expect.arrayContaining(['review notes.pdf', 'computation.pdf', 'engagement letter.pdf', 'my pan.pdf']),
    );
    const mine = await c.entryOf(firm.client.token, 'file', 'my pan.pdf');
    expect(mine?.permissions).toEqual({ restore: true, purge: false });
    const staffEntry = await c.entryOf(firm.mpc.token, 'file', 'computation.pdf');
    const firmOnlyEntry = await c.entryOf(firm.mpc.token, 'file', 'review notes.pdf');
    expect(firmOnlyEntry?.visibility).toBe('firm');
    for (const entry of [staffEntry, firmOnlyEntry]) {
      expect((await c.restore(entry?.trash_id as number, firm.client.token)).statusCode).toBe(404);
      expect((await c.purge(entry?.trash_id as number, firm.client.token)).statusCode).toBe(404);
    }
    const refused = await c.purge(mine?.trash_id as number, firm.client.token);
    expect([refused.statusCode, refused.json().message]).toEqual([403, FILE_TRASH_MESSAGES.purgeRefused]);
    expect((await c.restore(mine?.trash_id as number, firm.client.token)).statusCode).toBe(200);
    expect((await c.topLevel(firm.client.token)).files.map((file) => file.file_id)).toContain(own.file_id);
  });

  it('hides from the client what it deleted from a folder staff have since made firm-only', async () => {
    const folder = await c.newFolder(firm.mpc.token, 'Bills');
    await c.upload(firm.client.token, 'electricity.pdf', { folder_id: folder });
    const file = (await c.folderContents(folder, firm.client.token)).json().data.files[0];
    expect((await c.remove('file', file.file_id, firm.client.token)).statusCode).toBe(200);
    const entry = await c.entryOf(firm.client.token, 'file', 'electricity.pdf');
    expect(entry?.from_path).toEqual(['Bills']);

    const marked = await t.request({
      method: 'PUT',
      url: `/api/folder/visibility/${folder}`,
      token: firm.mpc.token,
      payload: { visibility: 'firm' },
    });
    expect(marked.statusCode).toBe(200);
    expect(await namesIn(firm.client.token)).not.toContain('electricity.pdf');
    expect((await c.restore(entry?.trash_id as number, firm.client.token)).statusCode).toBe(404);
    expect(await namesIn(firm.mpc.token)).toContain('electricity.pdf');
  });

  it('answers 404 to staff without reach and to another firm, and lets a PC act once assigned', async () => {
    const file = await c.upload(firm.mpc.token, 'tds certificate.pdf');
    expect((await c.remove('file', file.file_id, firm.mpc.token)).statusCode).toBe(200);
    const entry = await c.entryOf(firm.mpc.token, 'file', 'tds certificate.pdf');
    const trashId = entry?.trash_id as number;
    for (const token of [firm.pc.token, firm.executor.token, other.mpc.token, other.client.token, admin.token]) {
      expect((await c.listTrash(token)).statusCode).toBe(404);
      expect((await c.restore(trashId, token)).statusCode).toBe(404);
      expect((await c.purge(trashId, token)).statusCode).toBe(404);
    }
    expect((await c.restore(999_999, firm.mpc.token)).statusCode).toBe(404);
    expect((await c.listTrash(firm.mpc.token, '?before=abc')).statusCode).toBe(422);

    await assignFirmStaff(t, firm, { pc: c.gst() });
    const listed = await c.entryOf(firm.pc.token, 'file', 'tds certificate.pdf');
    expect(listed?.permissions).toEqual({ restore: true, purge: true });
    const purged = await c.purge(trashId, firm.pc.token);
    expect(purged.statusCode, purged.body).toBe(200);
    expect((await c.restore(trashId, firm.mpc.token)).statusCode).toBe(404);
  });

  it('pages the trash newest first by keyset', async () => {
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) {
      const file = await c.upload(firm.mpc.token, `page ${name}`);
      expect((await c.remove('file', file.file_id, firm.mpc.token)).statusCode).toBe(200);
    }
    const first = (await c.listTrash(firm.mpc.token, '?limit=2')).json().data;
    expect(first.entries.map((entry: { name: string }) => entry.name)).toEqual(['page c.pdf', 'page b.pdf']);
    const second = (await c.listTrash(firm.mpc.token, `?limit=2&before=${first.next}`)).json().data;
    expect(second.entries[0].name).toBe('page a.pdf');
  });
});
