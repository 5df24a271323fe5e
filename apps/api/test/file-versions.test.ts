import { createHash } from 'node:crypto';
import type { FileVersions } from '@portal/contract/files';
import { describe, expect, it } from 'vitest';
import { findKeysNamedByFiles } from '../src/modules/files/file-reads.service.js';
import { uploadFileThroughApi } from './support/client-files.js';
import { useFirm, useFirmApp } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { listTestDialects } from './support/test-database.js';

const digestOf = (content: Buffer) => createHash('sha256').update(content).digest('hex');
/** A distinct PDF per label, so each version's bytes are told apart by their digest. */
const pdfNamed = (label: string) => Buffer.concat([SAMPLE_FILES.pdf, Buffer.from(`% ${label}\n`)]);

describe.each(listTestDialects())('file versions on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('block', dialect);
  const other = useFirm('block', t, { admin, sharing: firm });

  const gst = () => firm.services[0] as number;
  const upload = async (token: string, name: string, content: Buffer, fields: Record<string, string | number> = {}) => {
    const response = await uploadFileThroughApi(
      t,
      token,
      {
        client_id: firm.client.id,
        service_id: gst(),
        ...(token === firm.client.token ? {} : { is_deleted: '0' }),
        ...fields,
      },
      [{ field: 'file', name, content }],
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { file_id: number; version_count: number; file_name: string };
  };
  const versionsOf = (fileId: number, token: string) =>
    t.request({ method: 'GET', url: `/api/file/${fileId}/versions`, token });
  const readVersions = async (fileId: number, token = firm.mpc.token) => {
    const response = await versionsOf(fileId, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as FileVersions;
  };
  const restore = (fileId: number, versionId: number, token: string) =>
    t.request({ method: 'POST', url: `/api/file/${fileId}/versions/${versionId}/restore`, token });
  /** Follows a signed link, as the browser does (no bearer header). */
  const follow = async (url: string) => {
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };
  const topLevelFiles = async () =>
    (
      await t.request({ method: 'GET', url: `/api/serviceFiles/${firm.client.id}/${gst()}`, token: firm.mpc.token })
    ).json().data.files as { file_id: number; file_name: string; version_count: number }[];
  const auditActions = async (fileId: number) =>
    (
      await t.context.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity_type', '=', 'file')
        .where('entity_id', '=', fileId)
        .orderBy('id')
        .execute()
    ).map((row) => row.action);

  it('keeps the earlier upload of the same name as a version: one file in the list, two versions', async () => {
    const first = await upload(firm.mpc.token, 'Report.pdf', pdfNamed('one'));
    const second = await upload(firm.mpc.token, 'report.PDF', pdfNamed('two'));
    expect(second.file_id).toBe(first.file_id);
    expect(second).toMatchObject({ version_count: 2, file_name: 'report.PDF' });
    const listed = (await topLevelFiles()).filter((file) => file.file_id === first.file_id);
    expect(listed).toHaveLength(1);
    expect(listed[0]?.version_count).toBe(2);

    const versions = await readVersions(first.file_id);
    expect(versions.versions.map((version) => [version.current, version.file_name, version.size])).toEqual([
      [true, 'report.PDF', pdfNamed('two').length],
      [false, 'Report.pdf', pdfNamed('one').length],
    ]);
    expect(versions.versions[1]?.user).toBe(versions.versions[1]?.user.trim());
    expect(versions.permissions).toEqual({ restore: true });
    // Each version downloads its own bytes.
    expect(digestOf(await follow(versions.versions[0]?.download_url as string))).toBe(digestOf(pdfNamed('two')));
    expect(digestOf(await follow(versions.versions[1]?.download_url as string))).toBe(digestOf(pdfNamed('one')));
    expect(await auditActions(first.file_id)).toEqual([
      'file.upload',
      'file.version_upload',
      'file.download',
      'file.version_download',
    ]);
    // The client reads the versions too, but may not restore.
    expect((await readVersions(first.file_id, firm.client.token)).permissions).toEqual({ restore: false });
  });

  it('restores an earlier version: its content becomes current and the current one a version, nothing lost', async () => {
    const file = await upload(firm.mpc.token, 'ledger.pdf', pdfNamed('ledger 1'));
    await upload(firm.mpc.token, 'ledger.pdf', pdfNamed('ledger 2'));
    const before = await readVersions(file.file_id);
    const older = before.versions[1]?.version_id as number;

    const restored = await restore(file.file_id, older, firm.mpc.token);
    expect(restored.statusCode, restored.body).toBe(200);
    const after = restored.json().data as FileVersions;
    expect(after.versions).toHaveLength(2);
    expect(digestOf(await follow(after.versions[0]?.download_url as string))).toBe(digestOf(pdfNamed('ledger 1')));
    expect(digestOf(await follow(after.versions[1]?.download_url as string))).toBe(digestOf(pdfNamed('ledger 2')));
    // The restored version's own row is gone; its old link no longer opens anything.
    expect((await restore(file.file_id, older, firm.mpc.token)).statusCode).toBe(404);
    expect((await auditActions(file.file_id)).filter((action) => action === 'file.version_restore')).toHaveLength(1);
  });

  it('lets only staff restore (403 for the client), and answers 404 out of reach or for another file', async () => {
    const file = await upload(firm.client.token, 'mine.pdf', pdfNamed('mine 1'));
    await upload(firm.client.token, 'mine.pdf', pdfNamed('mine 2'));
    const versionId = (await readVersions(file.file_id)).versions[1]?.version_id as number;
    expect((await restore(file.file_id, versionId, firm.client.token)).statusCode).toBe(403);
    expect((await restore(file.file_id, versionId, other.mpc.token)).statusCode).toBe(404);
    expect((await versionsOf(file.file_id, other.mpc.token)).statusCode).toBe(404);
    const unrelated = await upload(firm.mpc.token, 'unrelated.pdf', pdfNamed('unrelated'));
    expect((await restore(unrelated.file_id, versionId, firm.mpc.token)).statusCode).toBe(404);
    const stolen = await t.request({
      method: 'GET',
      url: `/api/file/${file.file_id}/versions/${versionId}/download`,
      token: other.mpc.token,
    });
    expect(stolen.statusCode).toBe(404);
  });

  it("drops the oldest versions past the firm's limit, their blobs kept under tombstones and audited", async () => {
    const saved = await t.request({
      method: 'PUT',
      url: '/api/firm/settings',
      token: firm.mpc.token,
      payload: { file_versions_kept: 3 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.file_versions_kept).toBe(3);
    const file = await upload(firm.mpc.token, 'trimmed.pdf', pdfNamed('v1'));
    const storeNames = async () =>
      (
        await t.context.db
          .selectFrom('file_versions')
          .select('store_name')
          .where('file_id', '=', file.file_id)
          .orderBy('id')
          .execute()
      ).map((row) => row.store_name);
    const current = async () =>
      (
        await t.context.db
          .selectFrom('files')
          .select('store_name')
          .where('id', '=', file.file_id)
          .executeTakeFirstOrThrow()
      ).store_name;
    const firstBlob = await current();
    await upload(firm.mpc.token, 'trimmed.pdf', pdfNamed('v2'));
    const secondBlob = await current();
    await upload(firm.mpc.token, 'trimmed.pdf', pdfNamed('v3'));
    await upload(firm.mpc.token, 'trimmed.pdf', pdfNamed('v4'));
    const last = await upload(firm.mpc.token, 'trimmed.pdf', pdfNamed('v5'));
    expect(last.version_count).toBe(3);

    const versions = await readVersions(file.file_id);
    const digests = await Promise.all(
      versions.versions.map(async (version) => digestOf(await follow(version.download_url))),
    );
    expect(digests).toEqual(['v5', 'v4', 'v3'].map((label) => digestOf(pdfNamed(label))));
    const dropped = [firstBlob, secondBlob].map((name) => t.context.files.keyOf(firm.client.id, name));
    const tombstones = await t.context.db
      .selectFrom('removed_blobs')
      .select('blob_key')
      .where('blob_key', 'in', dropped)
      .execute();
    expect(tombstones).toHaveLength(2);
    expect((await auditActions(file.file_id)).filter((action) => action === 'file.version_drop')).toHaveLength(2);
    // The kept versions' blobs are named: the orphan sweep leaves them.
    const keptKeys = (await storeNames()).map((name) => t.context.files.keyOf(firm.client.id, name));
    expect([...(await findKeysNamedByFiles(t.context, keptKeys))].sort()).toEqual([...keptKeys].sort());
    await t.request({
      method: 'PUT',
      url: '/api/firm/settings',
      token: firm.mpc.token,
      payload: { file_versions_kept: 10 },
    });
  });

  it('makes a new file for another name or another folder', async () => {
    const top = await upload(firm.mpc.token, 'gst-return.pdf', pdfNamed('top'));
    const renamed = await upload(firm.mpc.token, 'gst-return-2.pdf', pdfNamed('renamed'));
    const folder = await t.request({
      method: 'POST',
      url: '/api/folder/create',
      token: firm.mpc.token,
      payload: { folder_name: 'Returns', client_id: firm.client.id, service_id: gst() },
    });
    const inFolder = await upload(firm.mpc.token, 'gst-return.pdf', pdfNamed('folder'), {
      folder_id: folder.json().data.folder_id,
    });
    expect(new Set([top.file_id, renamed.file_id, inFolder.file_id]).size).toBe(3);
    expect([renamed.version_count, inFolder.version_count]).toEqual([1, 1]);
  });

  it('deletes a file to the trash with its versions; deleted for good, every blob is under a tombstone', async () => {
    const file = await upload(firm.mpc.token, 'to-delete.pdf', pdfNamed('d1'));
    await upload(firm.mpc.token, 'to-delete.pdf', pdfNamed('d2'));
    const blobs = async () => {
      const current = await t.context.db
        .selectFrom('files')
        .select(['client_id', 'store_name'])
        .where('id', '=', file.file_id)
        .execute();
      const earlier = await t.context.db
        .selectFrom('file_versions')
        .select(['client_id', 'store_name'])
        .where('file_id', '=', file.file_id)
        .execute();
      return [...current, ...earlier].map((row) => t.context.files.keyOf(row.client_id, row.store_name));
    };
    const keys = await blobs();
    expect(keys).toHaveLength(2);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/file/remove/${file.file_id}`,
      token: firm.mpc.token,
    });
    expect(removed.statusCode).toBe(200);
    // In the trash: the versions wait with it, unlisted (404), their blobs untouched.
    expect(await blobs()).toEqual(keys);
    expect((await versionsOf(file.file_id, firm.mpc.token)).statusCode).toBe(404);
    const tombstones = () =>
      t.context.db.selectFrom('removed_blobs').select('id').where('blob_key', 'in', keys).execute();
    expect(await tombstones()).toEqual([]);
    const entry = await t.context.db
      .selectFrom('file_trash')
      .select('id')
      .where('item_id', '=', file.file_id)
      .where('item_type', '=', 'file')
      .executeTakeFirstOrThrow();
    const purged = await t.request({ method: 'DELETE', url: `/api/trash/${entry.id}`, token: firm.mpc.token });
    expect(purged.statusCode, purged.body).toBe(200);
    expect(await tombstones()).toHaveLength(2);
    expect(await blobs()).toEqual([]);
  });

  it("keeps a client's upload of the name of staff's file beside it: staff's stays whole, not the client's to delete", async () => {
    const file = await upload(firm.mpc.token, 'engagement.pdf', pdfNamed('staff'), { is_deleted: '0' });
    const mine = await upload(firm.client.token, 'engagement.pdf', pdfNamed('client'));
    expect(mine.file_id).not.toBe(file.file_id);
    expect((await readVersions(file.file_id)).versions).toHaveLength(1);
    const listed = (
      await t.request({ method: 'GET', url: `/api/serviceFiles/${firm.client.id}/${gst()}`, token: firm.client.token })
    ).json().data.files as { file_id: number; permissions: { delete: boolean } }[];
    expect(listed.find((entry) => entry.file_id === file.file_id)?.permissions.delete).toBe(false);
    expect(listed.find((entry) => entry.file_id === mine.file_id)?.permissions.delete).toBe(true);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/file/remove/${file.file_id}`,
      token: firm.client.token,
    });
    expect(removed.statusCode).toBe(403);
  });
});
