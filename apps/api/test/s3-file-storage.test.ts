import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER_BYTES, readKeyId } from '../src/encryption/file-cipher.js';
import { activateKeyFile, createKeyFile, loadKeyring } from '../src/encryption/keyring.js';
import { sealDataAtRest } from '../src/modules/key-rotation/encrypt-at-rest.service.js';
import { buildFirm, clientFields, type TestFirm } from './support/firm.js';
import { buildMultipart, SAMPLE_FILES } from './support/multipart.js';
import { createUserThroughApi } from './support/people.js';
import { startTestS3, type TestS3 } from './support/s3-server.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { readZipEntries, sha256Of } from './support/zip-reader.js';

/** A PDF of `size` bytes whose content is not a repeating pattern, so a wrong range shows. */
function samplePdf(size: number): Buffer {
  const body = Buffer.alloc(size);
  SAMPLE_FILES.pdf.copy(body);
  for (let index = SAMPLE_FILES.pdf.length; index < size; index += 1) body[index] = (index * 7919) % 251;
  return body;
}

describe('client files and user documents in an S3 bucket (FILE_STORAGE=s3)', () => {
  let s3: TestS3;
  let t: TestApp;
  let firm: TestFirm;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp('sqlite', { env: s3.env });
    firm = await buildFirm(t, await t.signIn(await t.createUser('admin')));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = (content: Buffer, name = 'return.pdf') => {
    const { payload, headers } = buildMultipart(
      { is_deleted: '0', client_id: firm.client.id, service_id: firm.services[0] as number },
      [{ field: 'file', name, content }],
    );
    return t.request({ method: 'POST', url: '/api/folder/uploadFile', token: firm.mpc.token, payload, headers });
  };
  const download = (fileId: number, range?: string) =>
    t.request({
      method: 'GET',
      url: `/api/file/download/${fileId}`,
      token: firm.mpc.token,
      ...(range ? { headers: { range } } : {}),
    });
  const clientFileKeys = () => s3.listKeys().filter((key) => key.startsWith(`files/${firm.client.id}/`));

  it('stores an upload in the bucket only, encrypted, and serves it whole and by ranges', async () => {
    const content = samplePdf(700_000);
    const uploaded = await upload(content);
    expect(uploaded.statusCode).toBe(201);
    const fileId = uploaded.json().data.file_id as number;
    const row = await t.context.db.selectFrom('files').select('store_name').where('id', '=', fileId).executeTakeFirst();
    expect(clientFileKeys()).toEqual([`files/${firm.client.id}/${row?.store_name}`]);
    // Nothing of it on this machine: no files folder, and the staged upload is gone.
    expect(fs.existsSync(path.join(t.dataDir, 'files'))).toBe(false);
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);
    // What the bucket holds is ciphertext.
    const stored = await t.context.blobs.open(`files/${firm.client.id}/${row?.store_name}`, HEADER_BYTES);
    const storedBytes = Buffer.concat(await stored.read(0, stored.size).toArray());
    expect(storedBytes.includes(content.subarray(5000, 5100))).toBe(false);

    const whole = await download(fileId);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(content.length));
    expect(whole.rawPayload.equals(content)).toBe(true);

    const middle = await download(fileId, 'bytes=262000-300000');
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 262000-300000/${content.length}`);
    expect(middle.rawPayload.equals(content.subarray(262_000, 300_001))).toBe(true);
    const tail = await download(fileId, 'bytes=-1000');
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(content.subarray(content.length - 1000))).toBe(true);
    expect((await download(fileId, `bytes=${content.length}-`)).statusCode).toBe(416);
  });

  it('deletes a file for good: its object is gone from the bucket once the backup window has passed', async () => {
    const fileId = (await upload(samplePdf(5000), 'gone.pdf')).json().data.file_id as number;
    const row = await t.context.db.selectFrom('files').select('store_name').where('id', '=', fileId).executeTakeFirst();
    const key = `files/${firm.client.id}/${row?.store_name}`;
    expect(s3.listKeys()).toContain(key);
    const removed = await t.request({ method: 'DELETE', url: `/api/file/remove/${fileId}`, token: firm.mpc.token });
    expect(removed.statusCode).toBe(200);
    expect((await download(fileId)).statusCode).toBe(404);
    // In the trash (docs/decisions/0043) its object stays; deleted for good, it waits out the backup window.
    expect(s3.listKeys()).toContain(key);
    const entry = await t.context.db
      .selectFrom('file_trash')
      .select('id')
      .where('item_type', '=', 'file')
      .where('item_id', '=', fileId)
      .executeTakeFirstOrThrow();
    const purged = await t.request({ method: 'DELETE', url: `/api/trash/${entry.id}`, token: firm.mpc.token });
    expect(purged.statusCode).toBe(200);
    // Kept under a tombstone while a backup may still name it, then removed.
    expect(s3.listKeys()).toContain(key);
    t.clock.advance(t.context.config.removedFilesKeptMs + 60 * 60 * 1000);
    await t.scheduler.tick();
    expect(s3.listKeys()).not.toContain(key);
    // A day on: the sessions the next tests use have ended.
    for (const member of [firm.mpc, firm.pc, firm.executor, firm.client]) member.token = await t.signIn(member);
  });

  it('checks the type as on disk: an impostor is refused and nothing reaches the bucket', async () => {
    const before = s3.listKeys();
    const refused = await upload(SAMPLE_FILES.exe, 'invoice.pdf');
    expect(refused.statusCode).toBe(415);
    expect(s3.listKeys()).toEqual(before);
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('removes the object again when the row cannot be written: no row, no object', async () => {
    const before = s3.listKeys();
    const rows = async () => (await t.context.db.selectFrom('files').select('id').execute()).length;
    const rowsBefore = await rows();
    // The database refuses the insert after the object is stored (a fault no client input can cause).
    await sql`create trigger refuse_files before insert on files begin select raise(abort, 'refused'); end`.execute(
      t.context.db,
    );
    try {
      expect((await upload(samplePdf(9000), 'late.pdf')).statusCode).toBe(500);
    } finally {
      await sql`drop trigger refuse_files`.execute(t.context.db);
    }
    expect(s3.listKeys()).toEqual(before);
    expect(await rows()).toBe(rowsBefore);
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('keeps user documents in the bucket and serves them through their signed links', async () => {
    const client = await createUserThroughApi(t, firm.mpc.token, clientFields(firm.services), [
      { field: 'pan_proof', name: 'pan.png', content: SAMPLE_FILES.png },
    ]);
    const stored = await t.context.db
      .selectFrom('user_documents')
      .select('store_name')
      .where('user_id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(s3.listKeys()).toContain(`documents/${stored.store_name}`);
    expect(fs.existsSync(path.join(t.dataDir, 'documents'))).toBe(false);
    const detail = (
      await t.request({ method: 'GET', url: `/api/user/detail/${client.id}`, token: firm.mpc.token })
    ).json().data;
    const proof = await t.request({ method: 'GET', url: detail.user_document[0].url });
    expect(proof.statusCode).toBe(200);
    expect(proof.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);
  });

  it('moves every stored object under a new key on rotation, and the portal keeps serving them', async () => {
    const content = samplePdf(300_000);
    const fileId = (await upload(content, 'rotated.pdf')).json().data.file_id as number;
    const keysDir = path.join(t.dataDir, 'keys');
    const fresh = createKeyFile(keysDir);
    activateKeyFile(keysDir, fresh.id);
    const keyring = loadKeyring({ encryptionKey: undefined, dataDir: t.dataDir });
    // What `npm run keys:rotate` does, with the same stores.
    const report = await sealDataAtRest({ ...t.context, keyring }, 'all');
    expect(report.skipped).toBe(0);
    expect(report.files).toBeGreaterThan(0);
    expect(report.documents).toBeGreaterThan(0);
    // Blobs of deleted files waiting out the backup window have no row to rotate with: they keep their key.
    const tombstoned = new Set(
      (await t.context.db.selectFrom('removed_blobs').select('blob_key').execute()).map((row) => row.blob_key),
    );
    for (const key of s3.listKeys().filter((entry) => !tombstoned.has(entry))) {
      const blob = await t.context.blobs.open(key, HEADER_BYTES);
      expect(readKeyId(keyring, blob.head), key).toBe(fresh.id);
    }
    const rows = await t.context.db.selectFrom('files').select('key_id').execute();
    expect(rows.every((row) => row.key_id === fresh.id)).toBe(true);
    // The running portal picks up the new key (it looks once a second) and still reads the file.
    t.context.keyring.reload();
    const again = await download(fileId);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(content)).toBe(true);
  });

  it('streams a ZIP of the service from the bucket, one object at a time, every entry decrypted whole', async () => {
    const first = samplePdf(600_000);
    const second = samplePdf(300_001);
    expect((await upload(first, 'zip-first.pdf')).statusCode).toBe(201);
    expect((await upload(second, 'zip-second.pdf')).statusCode).toBe(201);
    const zip = await t.request({
      method: 'GET',
      url: `/api/folder/zip/${firm.client.id}/${firm.services[0]}`,
      token: firm.mpc.token,
    });
    expect(zip.statusCode).toBe(200);
    const entries = await readZipEntries(zip.rawPayload);
    const digestOf = (suffix: string) => entries.find((entry) => entry.name.endsWith(`/${suffix}`))?.sha256;
    expect(digestOf('zip-first.pdf')).toBe(sha256Of(first));
    expect(digestOf('zip-second.pdf')).toBe(sha256Of(second));
  });
});
