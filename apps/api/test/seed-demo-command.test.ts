import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from './support/server-process.js';

/** `npm run seed:demo` tells where to sign in: the address the configured portal answers at. */
describe('npm run seed:demo', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-seed-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the sign-in address with the configured HOST and PORT, or APP_URL when set', async () => {
    const onHost = await runScript('src/seed-demo.ts', [], { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '4567' });
    expect(onHost.code, onHost.output).toBe(0);
    expect(onHost.output).toContain('Sign in at http://127.0.0.1:4567 (start the portal with npm start)');

    // A second run finds its demo data in place; behind a proxy the address is the public one.
    const behindProxy = await runScript('src/seed-demo.ts', [], {
      DATA_DIR: dataDir,
      PORT: '4568',
      APP_URL: 'https://portal.firm.in/',
    });
    expect(behindProxy.code, behindProxy.output).toBe(0);
    expect(behindProxy.output).toContain('Sign in at https://portal.firm.in (start the portal with npm start)');
  }, 60_000);
});
