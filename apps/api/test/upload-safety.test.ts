import fs from 'node:fs';
import path from 'node:path';
import { FILE_MESSAGES } from '@portal/contract/files';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClientFolder } from './support/client-files.js';
import { clientFields, useFirmApp } from './support/firm.js';
import { buildMultipart, type MultipartFile, SAMPLE_FILES } from './support/multipart.js';
import { mpcFields, postUserForm } from './support/people.js';
import { listFilesUnder } from './support/secrets.js';
import { listTestDialects } from './support/test-database.js';

const TEXT = Buffer.from('Name,PAN\nAsha,ABCPE1234F\n');
const RLO = '\u202e';

describe.each(listTestDialects())('uploads that cannot carry scripts, on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('block', dialect);
  let folderId: number;

  beforeAll(async () => {
    folderId = await createClientFolder(t, firm, 'Checks');
  }, 60_000);

  const fields = (extra: Record<string, string | number> = {}) => ({
    notes: '',
    is_deleted: '0',
    client_id: firm.client.id,
    service_id: firm.services[0] as number,
    folder_id: folderId,
    ...extra,
  });
  const send = (formFields: Record<string, string | number>, files: MultipartFile[]) => {
    const { payload, headers } = buildMultipart(formFields, files);
    return t.request({ method: 'POST', url: '/api/folder/uploadFile', token: firm.mpc.token, payload, headers });
  };
  const upload = (name: string, content: Buffer) =>
    send(fields({ file_name: name }), [{ field: 'file', name: 'picked.bin', content }]);
  const storedCount = async () => (await t.context.db.selectFrom('files').select('id').execute()).length;
  const tmpFiles = () => fs.readdirSync(path.join(t.dataDir, 'tmp'));

  it.each([
    ['invoice.html', TEXT],
    ['statement.svg', TEXT],
    ['run.bat', TEXT],
    ['update.hta', TEXT],
    ['payload.js', TEXT],
    ['setup.exe', SAMPLE_FILES.pdf],
    ['report.pdf.exe', SAMPLE_FILES.pdf],
  ])('refuses a file stored as %s with 415, whatever its content, and keeps nothing', async (name, content) => {
    const before = await storedCount();
    const response = await upload(name, content);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      status: 'error',
      message: `Files ending in .${name.split('.').pop()} are not allowed.`,
    });
    expect(await storedCount()).toBe(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a name whose extension disagrees with the content, and names an extension-less file by its content', async () => {
    const mismatch = await upload('scan.txt', SAMPLE_FILES.pdf);
    expect(mismatch.statusCode).toBe(415);
    expect(mismatch.json().errors.file).toEqual([
      'The file name does not match its content: name it with .pdf at the end.',
    ]);
    expect((await upload('photo.jpg', SAMPLE_FILES.png)).statusCode).toBe(415);
    const bare = await upload('ITR acknowledgement', SAMPLE_FILES.pdf);
    expect(bare.statusCode).toBe(201);
    expect(bare.json().data).toMatchObject({ file_name: 'ITR acknowledgement.pdf', mime_type: 'application/pdf' });
    const dotted = await upload('GST Apr.2024', SAMPLE_FILES.pdf);
    expect(dotted.json().data.file_name).toBe('GST Apr.2024.pdf');
    const text = await upload('notes', TEXT);
    expect(text.json().data).toMatchObject({ file_name: 'notes.txt', mime_type: 'text/plain' });
  });

  it('checks a text file whole: markup or a binary byte far past the first 64 KB is refused', async () => {
    const rows = Buffer.from('Asha,ABCPE1234F,12000\n'.repeat(6000));
    expect(rows.length).toBeGreaterThan(128 * 1024);
    const withScript = Buffer.concat([rows, Buffer.from('Bala,<script>fetch("/api")</script>,1\n'), rows]);
    const scriptAnswer = await upload('ledger.csv', withScript);
    expect(scriptAnswer.statusCode).toBe(415);
    expect(scriptAnswer.json().message).toBe('This file contains web page or script code, which is not allowed.');
    // A tag split across two network chunks is seen as well.
    const splitTag = Buffer.concat([Buffer.alloc(64 * 1024 - 3, 0x41), Buffer.from('<svg onload=alert(1)>')]);
    expect((await upload('split.txt', splitTag)).statusCode).toBe(415);
    const withNul = Buffer.concat([rows, Buffer.from([0]), rows]);
    expect((await upload('ledger.csv', withNul)).statusCode).toBe(415);
    expect((await upload('page.txt', Buffer.from('  <!DOCTYPE html><p>hi'))).statusCode).toBe(415);
    expect((await upload('script.txt', Buffer.from('#!/bin/sh\nrm -rf /\n'))).statusCode).toBe(415);
    // Excel's CSV in Windows-1252 (₹ is 0x80 there) is text.
    const windows1252 = Buffer.concat([Buffer.from('Amount,Currency\n1200,'), Buffer.from([0x80]), Buffer.from('\n')]);
    expect((await upload('amounts.csv', windows1252)).statusCode).toBe(201);
    expect((await upload('ledger.csv', rows)).json().data.mime_type).toBe('text/csv');
  });

  it('refuses control, bidi-override and invisible characters in folder and file names with 422', async () => {
    for (const name of [`${RLO}fdp.exe`, 'inv\u200boice', 'a\u2066b', 'tab\there', 'new\u2028line']) {
      const folder = await t.request({
        method: 'POST',
        url: '/api/folder/create',
        token: firm.mpc.token,
        payload: { folder_name: name, client_id: firm.client.id, service_id: firm.services[0], folder_id: '' },
      });
      expect(folder.statusCode, JSON.stringify(name)).toBe(422);
      expect(folder.json().errors.folder_name).toEqual([FILE_MESSAGES.folderNameInvalid]);
      const file = await upload(`${name}.pdf`, SAMPLE_FILES.pdf);
      expect(file.statusCode, JSON.stringify(name)).toBe(422);
      expect(Object.keys(file.json().errors)).toEqual(['file_name']);
    }
    // The same from the file part's own name (the spec's form), and from a user document's name.
    const part = await send(fields(), [{ field: 'file_name', name: `${RLO}fdp.exe`, content: SAMPLE_FILES.pdf }]);
    expect(part.statusCode).toBe(422);
    const proof = await postUserForm(t, firm.mpc.token, '/api/user/create', clientFields(firm.services), [
      { field: 'pan_proof', name: `pan${RLO}gpj.pdf`, content: SAMPLE_FILES.pdf },
    ]);
    expect(proof.statusCode).toBe(422);
    expect(proof.json().errors.pan_proof).toEqual([
      'Names may not contain /, \\, control characters or invisible formatting characters.',
    ]);
  });

  it("accepts the spec's form, with the file itself sent as file_name", async () => {
    const response = await send(fields(), [{ field: 'file_name', name: 'Form 26AS.pdf', content: SAMPLE_FILES.pdf }]);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.file_name).toBe('Form 26AS.pdf');
    // A text file_name beside a `file` part still names the stored file.
    const named = await send(fields({ file_name: 'Renamed.pdf' }), [
      { field: 'file', name: 'scan0001.pdf', content: SAMPLE_FILES.pdf },
    ]);
    expect(named.json().data.file_name).toBe('Renamed.pdf');
  });

  it('checks user documents the same way: a proof named .html or a picture named for another type is refused', async () => {
    const html = await postUserForm(t, admin.token, '/api/user/create', mpcFields(firm.services), [
      { field: 'qualification_proof', name: 'degree.html', content: SAMPLE_FILES.pdf },
    ]);
    expect(html.statusCode).toBe(415);
    expect(html.json().errors.qualification_proof).toEqual(['Files ending in .html are not allowed.']);
    const picture = await postUserForm(t, admin.token, '/api/user/create', mpcFields(firm.services), [
      { field: 'qualification_proof', name: 'degree.pdf', content: SAMPLE_FILES.pdf },
      { field: 'logo', name: 'logo.jpg', content: SAMPLE_FILES.png },
    ]);
    expect(picture.statusCode).toBe(415);
    expect(picture.json().errors).toEqual({
      logo: ['The file name does not match its content: name it with .png at the end.'],
    });
  });

  it('serves previews and downloads inert: sandboxed, nothing loads, never framed', async () => {
    const stored = (await upload('poster.png', SAMPLE_FILES.png)).json().data;
    for (const suffix of ['&inline=1', '']) {
      const response = await t.request({ method: 'GET', url: `${stored.download_url}${suffix}` });
      expect(response.statusCode).toBe(200);
      const csp = response.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('sandbox');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-type']).toBe(suffix ? 'image/png' : 'application/octet-stream');
    }
  });

  describe('malformed multipart bodies', () => {
    const boundary = '----portalbroken';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\nhalf a file`;
    const bodies: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', `${part('first_name', 'A')}--${boundary}--\r\n`],
      ['no closing boundary', `multipart/form-data; boundary=${boundary}`, part('first_name', 'A')],
      ['a part cut off', `multipart/form-data; boundary=${boundary}`, `${part('first_name', 'A')}${filePart}`],
      ['garbage', `multipart/form-data; boundary=${boundary}`, 'this is not multipart at all'],
      [
        'a broken part header',
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nno header here\r\n\r\nx\r\n--${boundary}--\r\n`,
      ],
    ];
    const routes = (): [string, string | undefined][] => [
      ['/api/user/create', firm.mpc.token],
      ['/api/user/edit', firm.mpc.token],
      ['/api/register', undefined],
      ['/api/folder/uploadFile', firm.mpc.token],
      ['/api/member/create', firm.mpc.token],
    ];

    it.each(bodies)(
      'answers %s with 400 in the envelope on every multipart route, keeping nothing',
      async (_case, type, body) => {
        const before = await storedCount();
        for (const [url, token] of routes()) {
          const response = await t.request({
            method: 'POST',
            url,
            token,
            payload: body,
            headers: { 'content-type': type },
            remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          });
          expect(response.statusCode, `${url}`).toBe(400);
          expect(response.json()).toMatchObject({ status: 'error', errors: {} });
        }
        expect(await storedCount()).toBe(before);
        expect(tmpFiles()).toEqual([]);
      },
    );

    it('holds every multipart route to limits on fields, field size and total size (413)', async () => {
      const many = Object.fromEntries(Array.from({ length: 150 }, (_, index) => [`f${index}`, 'x']));
      const tooMany = buildMultipart(many);
      const oneHuge = buildMultipart({ first_name: 'x'.repeat(300 * 1024) });
      for (const [url, token] of routes()) {
        for (const body of [tooMany, oneHuge]) {
          const response = await t.request({ method: 'POST', url, token, ...body, remoteAddress: '10.8.0.1' });
          expect(response.statusCode, url).toBe(413);
          expect(response.json().status).toBe('error');
        }
      }
      const declared = await t.request({
        method: 'POST',
        url: '/api/folder/uploadFile',
        token: firm.mpc.token,
        payload: 'x',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(10 * 1024 * 1024 * 1024),
        },
      });
      expect(declared.statusCode).toBe(413);
      expect(listFilesUnder(path.join(t.dataDir, 'tmp'))).toEqual([]);
    });
  });
});
