import fs from 'node:fs';
import path from 'node:path';
import { FILE_MESSAGES as M } from '@portal/contract/files';
import { describe, expect, it } from 'vitest';
import { FILE_LINK_TTL_SECONDS, signFileLink } from '../src/modules/files/file-links.js';
import { bindApiCall } from './support/api-call.js';
import { uploadFileThroughApi } from './support/client-files.js';
import { assignFirmStaff, buildFirm, clientFields, staffFields, useFirm, useFirmApp } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { createUserThroughApi } from './support/people.js';
import { createTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

describe.each(listTestDialects())('client files on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('test', dialect);
  const other = useFirm('test', t, { admin, sharing: firm });

  const gst = () => firm.services[0] as number;
  const itr = () => firm.services[1] as number;
  const call = bindApiCall(t);
  const newFolder = (token: string, name: string, parent?: number, clientId = firm.client.id, serviceId = gst()) =>
    call('POST', '/api/folder/create', token, {
      folder_name: name,
      client_id: clientId,
      service_id: serviceId,
      ...(parent ? { folder_id: parent } : { folder_id: '' }),
      path: '[]',
    });
  const upload = (
    token: string,
    folderId: number,
    content: Buffer,
    name = 'return.pdf',
    extra: Record<string, string | number> = {},
  ) => {
    return uploadFileThroughApi(
      t,
      token,
      {
        file_name: '',
        notes: 'FY 2024-25',
        is_deleted: '0',
        client_id: firm.client.id,
        service_id: gst(),
        folder_id: folderId,
        path: '[]',
        ...extra,
      },
      [{ field: 'file', name, content }],
    );
  };
  const storedFiles = () => {
    const root = path.join(t.dataDir, 'files');
    return fs.existsSync(root)
      ? fs.readdirSync(root, { recursive: true }).filter((entry) => String(entry).match(/[a-f0-9]{32}$/))
      : [];
  };
  const tempFiles = () => fs.readdirSync(path.join(t.dataDir, 'tmp'));

  it('creates a folder tree two levels deep and lists it in the spec shapes', async () => {
    const top = await newFolder(firm.mpc.token, 'Returns');
    expect(top.statusCode).toBe(201);
    expect(top.json().data).toMatchObject({
      folder_name: 'Returns',
      service_id: gst(),
      children: 0,
      files: 0,
      user: expect.stringMatching(/^Meera /),
    });
    const topId = top.json().data.folder_id;
    const child = (await newFolder(firm.mpc.token, '2024-25', topId)).json().data;
    const grandchild = (await newFolder(firm.mpc.token, 'Q1', child.folder_id)).json().data;

    const topLevel = (await call('GET', `/api/folders/${firm.client.id}/${gst()}`, firm.mpc.token)).json().data;
    expect(topLevel).toEqual([
      expect.objectContaining({ folder_id: topId, folder_name: 'Returns', children: 1, files: 0 }),
    ]);
    const contents = (
      await call('GET', `/api/fileFolder/${firm.client.id}/${gst()}/${child.folder_id}`, firm.mpc.token)
    ).json().data;
    expect(contents.path).toEqual([
      { folder_id: topId, folder_name: 'Returns' },
      { folder_id: child.folder_id, folder_name: '2024-25' },
    ]);
    expect(contents.folders.map((folder: { folder_id: number }) => folder.folder_id)).toEqual([grandchild.folder_id]);
    expect(contents.files).toEqual([]);
    expect((await call('GET', `/api/folders/${firm.client.id}/${itr()}`, firm.mpc.token)).json().data).toEqual([]);
  });

  // Every folder-name rule is a contract test (packages/contract/src/files.test.ts); this one shows the
  // endpoint answers them on the field.
  it('refuses a folder named as a path', async () => {
    const response = await newFolder(firm.mpc.token, '../x');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ folder_name: [M.folderNameInvalid] });
  });

  it('refuses a duplicate sibling name in any case, a wrong client or service, and a foreign parent', async () => {
    const top = (await newFolder(firm.mpc.token, 'Returns')).json().data;
    const duplicate = await newFolder(firm.mpc.token, 'RETURNS');
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({ folder_name: [M.folderNameTaken] });
    expect((await newFolder(firm.mpc.token, 'Returns', top.folder_id)).statusCode).toBe(201);
    expect((await newFolder(firm.mpc.token, 'Returns', undefined, firm.client.id, itr())).statusCode).toBe(201);

    const serviceless = await createUserThroughApi(t, firm.mpc.token, clientFields([itr()]));
    expect((await newFolder(firm.mpc.token, 'X', undefined, serviceless.id, gst())).statusCode).toBe(404);
    expect((await newFolder(firm.mpc.token, 'X', undefined, firm.pc.id, gst())).statusCode).toBe(404);
    const foreignParent = (await newFolder(firm.mpc.token, 'Elsewhere', undefined, firm.client.id, itr())).json().data;
    expect((await newFolder(firm.mpc.token, 'Child', foreignParent.folder_id)).statusCode).toBe(404);
    const otherFirmFolder = (await newFolder(other.mpc.token, 'Theirs', undefined, other.client.id, gst())).json().data;
    expect((await newFolder(firm.mpc.token, 'Child', otherFirmFolder.folder_id)).statusCode).toBe(404);
  });

  it('uploads a file with its SHA-256, lists it and downloads it with safe headers and ranges', async () => {
    const folder = (await newFolder(firm.mpc.token, 'Returns')).json().data;
    const response = await upload(firm.mpc.token, folder.folder_id, SAMPLE_FILES.pdf, 'ITR-V «2024».pdf', {
      is_deleted: '1',
    });
    expect(response.statusCode).toBe(201);
    const file = response.json().data;
    expect(file).toMatchObject({
      file_name: 'ITR-V «2024».pdf',
      size: SAMPLE_FILES.pdf.length,
      mime_type: 'application/pdf',
      is_deleted: 1,
      notes: 'FY 2024-25',
      previewable: true,
    });
    const row = await t.context.db.selectFrom('files').select('sha256').executeTakeFirstOrThrow();
    const { createHash } = await import('node:crypto');
    expect(row.sha256).toBe(createHash('sha256').update(SAMPLE_FILES.pdf).digest('hex'));
    expect(storedFiles()).toHaveLength(1);

    const listed = (
      await call('GET', `/api/fileFolder/${firm.client.id}/${gst()}/${folder.folder_id}`, firm.mpc.token)
    ).json().data;
    expect(listed.files).toHaveLength(1);

    const download = await call('GET', `/api/file/download/${file.file_id}`, firm.mpc.token);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'accept-ranges': 'bytes',
    });
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="ITR-V _2024_.pdf"; filename*=UTF-8''ITR-V%20%C2%AB2024%C2%BB.pdf`,
    );
    const preview = await call('GET', `/api/file/download/${file.file_id}?inline=1`, firm.mpc.token);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['content-disposition']).toMatch(/^inline;/);

    const readRange = (range: string) =>
      t.request({
        method: 'GET',
        url: `/api/file/download/${file.file_id}`,
        token: firm.mpc.token,
        headers: { range },
      });
    const partial = await readRange('bytes=2-5');
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 2-5/${SAMPLE_FILES.pdf.length}`);
    expect(partial.rawPayload.equals(SAMPLE_FILES.pdf.subarray(2, 6))).toBe(true);
    const tail = await readRange('bytes=-4');
    expect(tail.rawPayload.equals(SAMPLE_FILES.pdf.subarray(-4))).toBe(true);
    const beyond = await readRange('bytes=9999-');
    expect(beyond.statusCode).toBe(416);

    // The signed link in the listing works without a header, for the user it was made for.
    const viaLink = await t.request({ method: 'GET', url: listed.files[0].download_url });
    expect(viaLink.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    const tampered = await t.request({
      method: 'GET',
      url: listed.files[0].download_url.replace(/u=\d+/, `u=${other.mpc.id}`),
    });
    expect(tampered.statusCode).toBe(403);
    // Even correctly signed, a link that claims to outlive what links live is refused.
    const forever = Math.floor(t.clock.now().getTime() / 1000) + 365 * 24 * 3600;
    const forged = signFileLink(
      t.context.appKey,
      file.file_id,
      firm.mpc.id,
      new Date((forever - FILE_LINK_TTL_SECONDS) * 1000),
    ).url;
    expect((await t.request({ method: 'GET', url: forged })).statusCode).toBe(403);
    const actions = await t.context.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'file')
      .execute();
    expect(actions.map((entry) => entry.action)).toEqual(expect.arrayContaining(['file.upload', 'file.download']));
  });

  it.each([
    ['an executable renamed .pdf', SAMPLE_FILES.exe, 'setup.pdf'],
    ['an HTML page renamed .pdf', SAMPLE_FILES.html, 'page.pdf'],
    ['HTML posing as text', SAMPLE_FILES.html, 'notes.html'],
  ])('refuses %s with 415 and keeps nothing', async (_case, content, name) => {
    const folder = (await newFolder(firm.mpc.token, 'Returns')).json().data;
    const response = await upload(firm.mpc.token, folder.folder_id, content, name);
    expect(response.statusCode).toBe(415);
    expect(storedFiles()).toEqual([]);
    expect(tempFiles()).toEqual([]);
    expect(await t.context.db.selectFrom('files').selectAll().execute()).toEqual([]);
  });

  it('accepts CSV and text by name when their bytes are text', async () => {
    const folder = (await newFolder(firm.mpc.token, 'Data')).json().data;
    const csv = await upload(
      firm.mpc.token,
      folder.folder_id,
      Buffer.from('pan,name\nABCPE1234F,Asha\n'),
      'clients.csv',
    );
    expect(csv.statusCode).toBe(201);
    expect(csv.json().data.mime_type).toBe('text/csv');
    const binary = await upload(firm.mpc.token, folder.folder_id, Buffer.from([0x00, 0x01, 0x02, 0x03]), 'fake.csv');
    expect(binary.statusCode).toBe(415);
  });

  it('refuses an upload over MAX_UPLOAD_MB with 413 and keeps nothing; without a file or choice, 422', async () => {
    const small = await createTestApp(dialect, { env: { MAX_UPLOAD_MB: '1' } });
    try {
      const smallAdmin = await small.signIn(await small.createUser('admin'));
      const smallFirm = await buildFirm(small, smallAdmin);
      const folder = (
        await small.request({
          method: 'POST',
          url: '/api/folder/create',
          token: smallFirm.mpc.token,
          payload: {
            folder_name: 'Big',
            client_id: smallFirm.client.id,
            service_id: smallFirm.services[0],
            folder_id: '',
          },
        })
      ).json().data;
      const response = await uploadFileThroughApi(
        small,
        smallFirm.mpc.token,
        {
          is_deleted: '0',
          client_id: smallFirm.client.id,
          service_id: smallFirm.services[0] as number,
          folder_id: folder.folder_id,
        },
        [
          {
            field: 'file',
            name: 'big.pdf',
            content: Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(1024 * 1024, 0x20)]),
          },
        ],
      );
      expect(response.statusCode).toBe(413);
      expect(response.json().errors).toEqual({ file: [M.fileTooLarge(1)] });
      expect(fs.readdirSync(path.join(small.dataDir, 'tmp'))).toEqual([]);
      expect(await small.context.db.selectFrom('files').selectAll().execute()).toEqual([]);
    } finally {
      await small.close();
    }
    const folder = (await newFolder(firm.mpc.token, 'Returns')).json().data;
    const missing = await uploadFileThroughApi(
      t,
      firm.mpc.token,
      {
        client_id: firm.client.id,
        service_id: gst(),
        folder_id: folder.folder_id,
      },
      [],
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ is_deleted: [M.canDeleteRequired] });
    const noFileResponse = await uploadFileThroughApi(
      t,
      firm.mpc.token,
      {
        is_deleted: '1',
        client_id: firm.client.id,
        service_id: gst(),
        folder_id: folder.folder_id,
      },
      [],
    );
    expect(noFileResponse.json().errors).toEqual({ file: [M.fileRequired] });
  });

  it('deletes files to the trash, the client only its own or "Can Client Delete? Yes"; their blobs go after the trash period', async () => {
    const folder = (await newFolder(firm.mpc.token, 'Shared')).json().data;
    const locked = (
      await upload(firm.mpc.token, folder.folder_id, SAMPLE_FILES.pdf, 'locked.pdf', { is_deleted: '0' })
    ).json().data;
    const open = (
      await upload(firm.mpc.token, folder.folder_id, SAMPLE_FILES.png, 'open.png', { is_deleted: '1' })
    ).json().data;
    const own = (
      await upload(firm.client.token, folder.folder_id, SAMPLE_FILES.png, 'mine.png', { is_deleted: '0' })
    ).json().data;
    expect(own.permissions).toEqual({ delete: true, visibility: false });
    // Staff may delete it with what it holds (to the trash), so nothing tells them it is not empty.
    const listed = (await call('GET', `/api/folders/${firm.client.id}/${gst()}`, firm.mpc.token)).json().data;
    expect(listed.find((entry: { folder_id: number }) => entry.folder_id === folder.folder_id)).toMatchObject({
      files: 3,
      cannot_delete_reason: null,
    });

    const refused = await call('DELETE', `/api/file/remove/${locked.file_id}`, firm.client.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.notYours);
    expect((await call('DELETE', `/api/file/remove/${open.file_id}`, firm.client.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/file/remove/${own.file_id}`, firm.client.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/file/remove/${locked.file_id}`, firm.mpc.token)).statusCode).toBe(200);
    // Their blobs wait in the trash for the firm's period (30 days), then out the backup window under
    // tombstones (a day by default), then housekeeping removes them.
    const waiting = storedFiles();
    expect(waiting).toHaveLength(3);
    t.clock.advance(30 * 24 * 60 * 60 * 1000 - 60_000);
    await t.scheduler.tick();
    expect(storedFiles()).toEqual(waiting);
    t.clock.advance(2 * 60 * 60 * 1000);
    await t.scheduler.tick();
    expect(await t.context.db.selectFrom('file_trash').selectAll().execute()).toEqual([]);
    expect(storedFiles()).toEqual(waiting);
    t.clock.advance(25 * 60 * 60 * 1000);
    await t.scheduler.tick();
    expect(storedFiles()).toEqual([]);
    expect(await t.context.db.selectFrom('removed_blobs').selectAll().execute()).toEqual([]);
    firm.mpc.token = await t.signIn(firm.mpc);
    firm.client.token = await t.signIn(firm.client);
    expect((await call('DELETE', `/api/folder/remove/${folder.folder_id}`, firm.mpc.token)).statusCode).toBe(200);
    const audit = await t.context.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['file.delete', 'folder.delete'])
      .execute();
    expect(audit).toHaveLength(4);
  });

  it('follows the access table: firm staff by scope, assigned services only, another firm and the admin never', async () => {
    const gstFolder = (await newFolder(firm.mpc.token, 'GST')).json().data;
    const itrFolder = (await newFolder(firm.mpc.token, 'ITR', undefined, firm.client.id, itr())).json().data;
    const file = (await upload(firm.mpc.token, gstFolder.folder_id, SAMPLE_FILES.pdf)).json().data;
    const reach = async (token: string) => [
      (await call('GET', `/api/folders/${firm.client.id}/${gst()}`, token)).statusCode,
      (await call('GET', `/api/fileFolder/${firm.client.id}/${itr()}/${itrFolder.folder_id}`, token)).statusCode,
      (await call('GET', `/api/file/download/${file.file_id}`, token)).statusCode,
    ];

    expect(await reach(firm.mpc.token)).toEqual([200, 200, 200]);
    expect(await reach(firm.client.token)).toEqual([200, 200, 200]);
    expect(await reach(firm.pc.token)).toEqual([404, 404, 404]);
    expect(await reach(other.mpc.token)).toEqual([404, 404, 404]);
    expect(await reach(other.client.token)).toEqual([404, 404, 404]);
    expect(await reach(admin.token)).toEqual([404, 404, 404]);

    // A PC assigned to GST reaches GST only; an executor assigned to ITR reaches ITR only.
    await assignFirmStaff(t, firm, { pc: gst(), executor: itr() });
    expect(await reach(firm.pc.token)).toEqual([200, 404, 200]);
    expect(await reach(firm.executor.token)).toEqual([404, 200, 404]);
    expect((await upload(firm.pc.token, gstFolder.folder_id, SAMPLE_FILES.png, 'pc.png')).statusCode).toBe(201);

    // A PC reaches every service of a client it created.
    const own = await createUserThroughApi(t, firm.pc.token, clientFields(firm.services));
    const ownFolder = await newFolder(firm.pc.token, 'Mine', undefined, own.id, itr());
    expect(ownFolder.statusCode).toBe(201);

    // Another firm's MPC, assigned by username in MPC mode, reaches that one service only.
    await call('POST', '/api/service/assignMPC', firm.mpc.token, {
      client_id: firm.client.id,
      service_id: gst(),
      mpc_username: other.mpc.username,
    });
    expect(await reach(other.mpc.token)).toEqual([404, 404, 404]);
    await t.request({
      method: 'PUT',
      url: '/api/service/updateAssignType',
      token: firm.mpc.token,
      payload: { client_id: firm.client.id, assign_service_type: false },
    });
    expect(await reach(other.mpc.token)).toEqual([200, 404, 200]);
    const shared = (await call('GET', '/api/file/shared', other.mpc.token)).json().data;
    expect(shared).toEqual([
      {
        client_id: firm.client.id,
        client_name: expect.any(String),
        service_id: gst(),
        service_name: expect.any(String),
      },
    ]);
    expect((await call('GET', '/api/file/shared', firm.mpc.token)).json().data).toEqual([]);
    // A PC's list holds only services handed to its firm with work its MPC gave it (decision 0047): none here.
    const pcShared = await call('GET', '/api/file/shared', firm.pc.token);
    expect([pcShared.statusCode, pcShared.json().data]).toEqual([200, []]);
    expect(await reach(firm.pc.token)).toEqual([404, 404, 404]);
    expect((await call('DELETE', `/api/file/remove/${file.file_id}`, other.client.token)).statusCode).toBe(404);
    const stranger = await createUserThroughApi(t, other.mpc.token, staffFields(3, 'Stranger'));
    expect((await call('GET', `/api/folders/${firm.client.id}/${gst()}`, await t.signIn(stranger))).statusCode).toBe(
      404,
    );
  });
});
