import { TRASH_DAYS_INVALID } from '@portal/contract/file-trash';
import { describe, expect, it } from 'vitest';
import { useFirm, useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';
import { auditActionsOf, bindTrashCalls } from './support/trash.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(listTestDialects())('the trash period and deleting for good on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('block', dialect);
  const other = useFirm('block', t, { admin, sharing: firm });
  const c = bindTrashCalls(t, () => firm);
  const theirs = bindTrashCalls(t, () => other);
  const saveDays = (days: unknown) =>
    t.request({ method: 'PUT', url: '/api/firm/settings', token: firm.mpc.token, payload: { trash_days: days } });

  /** The blob keys of these files, current and earlier versions, as their rows name them now. */
  const blobKeysOf = async (fileIds: number[]) => {
    const current = await t.context.db
      .selectFrom('files')
      .select(['client_id', 'store_name'])
      .where('id', 'in', fileIds)
      .execute();
    const earlier = await t.context.db
      .selectFrom('file_versions')
      .select(['client_id', 'store_name'])
      .where('file_id', 'in', fileIds)
      .execute();
    return [...current, ...earlier].map((row) => t.context.files.keyOf(row.client_id, row.store_name));
  };
  const tombstonesOf = async (keys: string[]) =>
    (await t.context.db.selectFrom('removed_blobs').select('blob_key').where('blob_key', 'in', keys).execute()).length;
  const blobsThere = async (keys: string[]) =>
    (await Promise.all(keys.map((key) => t.context.blobs.exists(key)))).filter(Boolean).length;

  it('keeps the trash 1 to 365 days, as the MPC chooses', async () => {
    for (const days of [0, 366, 2.5, 'ten']) {
      const refused = await saveDays(days);
      expect([refused.statusCode, refused.json().errors?.trash_days]).toEqual([422, [TRASH_DAYS_INVALID]]);
    }
    const saved = await saveDays(7);
    expect([saved.statusCode, saved.json().data.trash_days]).toEqual([200, 7]);
    expect((await c.readTrash(firm.mpc.token)).trash_days).toBe(7);
  });

  it('deletes an item for good on request: its rows go, every blob (versions too) under a tombstone', async () => {
    const folder = await c.newFolder(firm.mpc.token, 'Old year');
    const file = await c.upload(firm.mpc.token, 'balance sheet.pdf', { folder_id: folder });
    await c.upload(firm.mpc.token, 'balance sheet.pdf', { folder_id: folder });
    const keys = await blobKeysOf([file.file_id]);
    expect(keys).toHaveLength(2);
    expect((await c.remove('folder', folder, firm.mpc.token)).statusCode).toBe(200);
    const entry = await c.entryOf(firm.mpc.token, 'folder', 'Old year');
    expect(await tombstonesOf(keys)).toBe(0);

    const purged = await c.purge(entry?.trash_id as number, firm.mpc.token);
    expect(purged.statusCode, purged.body).toBe(200);
    expect(await t.context.db.selectFrom('folders').select('id').where('id', '=', folder).execute()).toEqual([]);
    expect(await blobKeysOf([file.file_id])).toEqual([]);
    expect(await tombstonesOf(keys)).toBe(2);
    // The blobs wait out the backup window: a backup running now still finds them (docs/decisions/0016).
    expect(await blobsThere(keys)).toBe(2);
    expect((await c.purge(entry?.trash_id as number, firm.mpc.token)).statusCode).toBe(404);
    const purgedLog = await t.context.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('entity_type', '=', 'folder')
      .where('entity_id', '=', folder)
      .where('action', '=', 'folder.purge')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(purgedLog.details as string)).toMatchObject({ folder_name: 'Old year', files: 1 });
  });

  it("purges what waited the firm's period, versions' blobs too, audits how many, and leaves the rest", async () => {
    const versioned = await c.upload(firm.mpc.token, 'itr-v.pdf');
    await c.upload(firm.mpc.token, 'itr-v.pdf');
    const folder = await c.newFolder(firm.mpc.token, 'Notices');
    const inFolder = await c.upload(firm.mpc.token, 'notice 143(1).pdf', { folder_id: folder });
    const theirsFile = await theirs.upload(other.mpc.token, 'other firm.pdf');
    const keys = await blobKeysOf([versioned.file_id, inFolder.file_id]);
    expect(keys).toHaveLength(3);
    expect((await c.remove('file', versioned.file_id, firm.mpc.token)).statusCode).toBe(200);
    expect((await c.remove('folder', folder, firm.mpc.token)).statusCode).toBe(200);
    expect((await theirs.remove('file', theirsFile.file_id, other.mpc.token)).statusCode).toBe(200);
    const entries = async () => (await t.context.db.selectFrom('file_trash').select('item_name').execute()).length;
    const waiting = await entries();

    t.clock.advance(7 * DAY - 60_000);
    await t.scheduler.tick();
    expect(await entries()).toBe(waiting);
    t.clock.advance(2 * HOUR);
    await t.scheduler.tick();
    // Only this firm's (7 days); the other firm keeps its default of 30.
    const left = await t.context.db.selectFrom('file_trash').select(['item_name', 'client_id']).execute();
    expect(left.map((row) => row.item_name)).toEqual(['other firm.pdf']);
    expect(await t.context.db.selectFrom('folders').select('id').where('id', '=', folder).execute()).toEqual([]);
    expect(await blobKeysOf([versioned.file_id, inFolder.file_id])).toEqual([]);
    expect(await tombstonesOf(keys)).toBe(3);
    const audited = await t.context.db
      .selectFrom('audit_log')
      .select(['actor_id', 'details', 'client_id'])
      .where('action', '=', 'trash.purge')
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]?.actor_id).toBeNull();
    expect(audited[0]?.client_id).toBe(firm.client.id);
    expect(JSON.parse(audited[0]?.details as string)).toMatchObject({ items: 2, files: 2 });
    expect(await auditActionsOf(t, 'file', versioned.file_id)).toContain('file.delete');

    // Past the backup window, housekeeping removes the blobs and their tombstones.
    t.clock.advance(25 * HOUR);
    await t.scheduler.tick();
    expect(await blobsThere(keys)).toBe(0);
    expect(await tombstonesOf(keys)).toBe(0);
    other.mpc.token = await t.signIn(other.mpc);
    expect((await theirs.entryOf(other.mpc.token, 'file', 'other firm.pdf'))?.days_left).toBe(22);
  });
});
