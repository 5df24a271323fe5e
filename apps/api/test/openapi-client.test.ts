import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = (await import('node:module')).createRequire(import.meta.url);
const tscPath = require.resolve('typescript/bin/tsc');

/**
 * openapi-typescript turns /api/docs/json into types, and a small client typed by them alone
 * (openapi-client/typed-client.ts) must type-check with `tsc --noEmit` (issue 26).
 */
describe('the client typed from the OpenAPI document', () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-openapi-client-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('type-checks against the types generated from /api/docs/json', { timeout: 120_000 }, async () => {
    const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    const types = astToString(await openapiTS(document));
    fs.writeFileSync(path.join(folder, 'portal-api.ts'), types);
    fs.copyFileSync(path.join(here, 'openapi-client', 'typed-client.ts'), path.join(folder, 'typed-client.ts'));
    fs.writeFileSync(
      path.join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: true,
          noEmit: true,
          types: [],
        },
        files: ['typed-client.ts'],
      }),
    );
    const result = await promisify(execFile)(process.execPath, [tscPath, '-p', folder]).then(
      () => ({ ok: true, output: '' }),
      (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout}${error.stderr}` }),
    );
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  });
});
