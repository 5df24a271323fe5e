import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uploadFileThroughApi } from './support/client-files.js';
import { clientFields } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { createServices, createUserThroughApi, mpcFields, qualificationProof } from './support/people.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

/** Every secret an answer handed out: bearer tokens and the signatures of signed links. */
function collectIssuedSecrets(bodies: string[]): { tokens: string[]; signatures: string[] } {
  const all = bodies.join('\n');
  const tokens = [...all.matchAll(/"token":"([^"]+)"/g)].map((match) => match[1] as string);
  const signatures = [...all.matchAll(/[?&]sig=([^&"\s\\]+)/g)].map((match) => match[1] as string);
  return { tokens: [...new Set(tokens)], signatures: [...new Set(signatures)] };
}

describe.each(listTestDialects())('secrets stay out of the log on %s', (dialect) => {
  let t: TestApp;
  let lines: string[];
  beforeEach(async () => {
    lines = [];
    t = await createTestApp(dialect, {
      // The most talkative level: whatever any line writes, no secret may be among it.
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line: string) => void lines.push(line) },
      addRoutes: (app) => {
        // An unexpected failure whose message quotes the URL, as a library's error might.
        app.get('/api/test/explode/:id', { config: { public: true } }, async (request) => {
          throw new Error(`cannot serve ${request.url}`);
        });
      },
    });
  });
  afterEach(async () => {
    await t.close();
  });

  it('logs a whole journey with signed links and bearer tokens without any of them', async () => {
    const admin = await t.signIn(await t.createUser('admin'));
    const services = await createServices(t, admin, ['GST', 'ITR']);
    const mpc = await createUserThroughApi(t, admin, mpcFields(services), [qualificationProof]);
    const detail = await t.request({ method: 'GET', url: `/api/user/detail/${mpc.id}`, token: admin });
    const documentUrl = detail.json().data.user_document[0].url as string;
    expect(documentUrl).toMatch(/^\/document\/.+\?.*sig=/);
    expect((await t.request({ method: 'GET', url: documentUrl })).statusCode).toBe(200);

    const mpcToken = await t.signIn(mpc);
    const client = await createUserThroughApi(t, mpcToken, clientFields(services));
    const service = services[0] as number;
    const folder = await t.request({
      method: 'POST',
      url: '/api/folder/create',
      token: mpcToken,
      payload: { folder_name: 'Returns', client_id: client.id, service_id: service, folder_id: '', path: '[]' },
    });
    expect(folder.statusCode).toBe(201);
    const folderId = folder.json().data.folder_id as number;
    const upload = await uploadFileThroughApi(
      t,
      mpcToken,
      {
        file_name: '',
        notes: '',
        is_deleted: '0',
        client_id: client.id,
        service_id: service,
        folder_id: folderId,
        path: '[]',
      },
      [{ field: 'file', name: 'return.pdf', content: SAMPLE_FILES.pdf }],
    );
    expect(upload.statusCode).toBe(201);
    const listing = await t.request({
      method: 'GET',
      url: `/api/fileFolder/${client.id}/${service}/${folderId}`,
      token: mpcToken,
    });
    const downloadUrl = listing.json().data.files[0].download_url as string;
    expect(downloadUrl).toMatch(/\?.*sig=/);
    const download = await t.request({ method: 'GET', url: downloadUrl });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    // A link that no longer works is logged the same way (403 and the error path).
    expect((await t.request({ method: 'GET', url: downloadUrl.replace(/u=\d+/, 'u=999999') })).statusCode).toBe(403);
    const query = downloadUrl.slice(downloadUrl.indexOf('?'));
    expect((await t.request({ method: 'GET', url: `/api/no/such/route${query}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/test/explode/1${query}` })).statusCode).toBe(500);

    const { tokens, signatures } = collectIssuedSecrets(t.bodies);
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    expect(signatures.length).toBeGreaterThanOrEqual(2);
    const log = lines.join('');
    // The requests are in the log by their route (http/request-log.ts), not a silent logger; the failed
    // one's URL is there with the signature's place marked: the redaction ran.
    expect(log).toContain('"route":"/api/file/download/:id","status":200');
    expect(log).toContain('"route":"/document/:segment/:store_name","status":200');
    expect(log).toMatch(/"url":"\/api\/test\/explode\/1\?[^"]*sig=\[redacted\]"[^\n]*"msg":"request failed"/);
    for (const secret of [...tokens, ...signatures]) expect(log).not.toContain(secret);
    expect(log.toLowerCase()).not.toContain('bearer ');
  });
});
