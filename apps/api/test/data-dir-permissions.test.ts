import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFileThroughApi } from './support/client-files.js';
import { buildFirm, clientFields } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { createUserThroughApi } from './support/people.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Every folder and file under `dir`, itself included. */
function walk(dir: string): string[] {
  return [
    dir,
    ...fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    }),
  ];
}

// SQLite, so the database files are in DATA_DIR as well.
describe('DATA_DIR is private to the server user whatever the umask (SQLite)', () => {
  let t: TestApp;
  let previousUmask: number;
  beforeAll(async () => {
    // The most permissive common umask: files would be 644 and folders 755 without care.
    previousUmask = process.umask(0o022);
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
    process.umask(previousUmask);
  });

  it('gives every folder 700 and every file 600, database and uploads included', async () => {
    const firm = await buildFirm(t, await t.signIn(await t.createUser('admin')));
    const client = await createUserThroughApi(t, firm.mpc.token, clientFields(firm.services), [
      { field: 'pan_proof', name: 'pan.png', content: SAMPLE_FILES.png },
    ]);
    const folder = await t.request({
      method: 'POST',
      url: '/api/folder/create',
      token: firm.mpc.token,
      payload: { folder_name: 'Returns', client_id: client.id, service_id: firm.services[0], folder_id: '' },
    });
    expect(
      (
        await uploadFileThroughApi(
          t,
          firm.mpc.token,
          {
            is_deleted: '0',
            client_id: client.id,
            service_id: firm.services[0] as number,
            folder_id: folder.json().data.folder_id,
          },
          [{ field: 'file', name: 'return.pdf', content: SAMPLE_FILES.pdf }],
        )
      ).statusCode,
    ).toBe(201);

    const entries = walk(t.dataDir);
    const names = entries.map((entry) => path.relative(t.dataDir, entry));
    for (const expected of [
      'portal.sqlite',
      'portal.sqlite-wal',
      'keys',
      'documents',
      'files',
      'tmp',
      `files/${client.id}`,
    ])
      expect(names).toContain(expected);
    for (const entry of entries) {
      const stat = fs.statSync(entry);
      expect(stat.mode & 0o777, path.relative(t.dataDir, entry) || 'DATA_DIR').toBe(stat.isDirectory() ? 0o700 : 0o600);
    }
  });
});
