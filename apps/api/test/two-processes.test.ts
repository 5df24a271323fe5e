import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLE_ID } from '@portal/contract/roles';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFileThroughApi } from './support/client-files.js';
import { clientFields } from './support/firm.js';
import { createHttpCaller } from './support/http-caller.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { createServices, createUserThroughApi, mpcFields, qualificationProof } from './support/people.js';
import { startTestS3, type TestS3 } from './support/s3-server.js';
import { findFreePort, isPortFree, type Started, startServer, waitFor } from './support/server-process.js';
import type { ApiCaller } from './support/test-app.js';
import { nameThrowaway } from './support/throwaway-names.js';

const ADMIN = { email: 'owner@firm.in', password: 'Owner@2026' };

type Portal = { server: Started; port: number; api: ApiCaller; dataDir: string };

/** A portal process on its own port and DATA_DIR (only its upload staging lives there), ready to serve. */
async function startPortal(env: Record<string, string>): Promise<Portal> {
  const port = await findFreePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-two-'));
  const server = startServer({ ...env, PORT: String(port), DATA_DIR: dataDir });
  try {
    await waitFor(() => server.output().includes('Portal ready'), 45_000);
  } catch {
    server.child.kill('SIGKILL');
    throw new Error(`the portal did not start:\n${server.output()}`);
  }
  return { server, port, api: createHttpCaller(`http://127.0.0.1:${port}`), dataDir };
}

// PostgreSQL is what several processes share (SQLite is one machine's file): without it, nothing to test.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two portal processes on one PostgreSQL database and one bucket',
  () => {
    let s3: TestS3;
    let databaseName: string;
    let databaseUrl: string;
    let one: Portal;
    let two: Portal;
    let adminToken: string;
    let mpc: { id: number; email: string; password: string; token: string };
    let client: { id: number };
    let serviceId: number;

    const runOnServer = async (statement: string) => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(statement);
      } finally {
        await admin.end();
      }
    };

    beforeAll(async () => {
      s3 = await startTestS3();
      // A database of its own (not a schema): the processes connect as any deployment would.
      databaseName = nameThrowaway('portal_two');
      await runOnServer(`create database ${databaseName}`);
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${databaseName}`;
      databaseUrl = url.toString();
      const env = {
        ...s3.env,
        DATABASE_URL: databaseUrl,
        // One data key for both: each encrypts what the other decrypts, and both sign links alike.
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      };
      one = await startPortal(env);
      two = await startPortal(env);

      adminToken = await one.api.signIn(ADMIN);
      [serviceId] = (await createServices(one.api, adminToken, ['GST returns'])) as [number];
      const mpcUser = await createUserThroughApi(one.api, adminToken, mpcFields([serviceId]), [qualificationProof]);
      mpc = { ...mpcUser, token: await two.api.signIn(mpcUser) };
      client = await createUserThroughApi(two.api, mpc.token, clientFields([serviceId]));
    }, 120_000);

    afterAll(async () => {
      for (const portal of [one, two])
        if (portal && portal.server.child.exitCode === null) portal.server.child.kill('SIGKILL');
      await Promise.all([one, two].filter(Boolean).map((portal) => portal.server.exited));
      for (const portal of [one, two]) if (portal) fs.rmSync(portal.dataDir, { recursive: true, force: true });
      if (databaseName) await runOnServer(`drop database if exists ${databaseName} with (force)`);
      await s3?.close();
    });

    it('both processes started at once on an empty database: one first admin, and both serve', async () => {
      const database = new pg.Client({ connectionString: databaseUrl });
      await database.connect();
      const admins = await database.query('select count(*)::int as n from users where role_id = $1', [ROLE_ID.admin]);
      await database.end();
      expect(admins.rows[0].n).toBe(1);
      expect([one, two].filter((portal) => portal.server.output().includes('First admin created'))).toHaveLength(1);
      expect(one.server.output() + two.server.output()).not.toContain('Cannot start');
    });

    it('a session begun on one process is known to the other, and a sign-out on either ends it on both', async () => {
      const token = await one.api.signIn(ADMIN);
      const me = await two.api.request({ method: 'GET', url: '/api/me', token });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.email).toBe(ADMIN.email);
      expect((await two.api.request({ method: 'POST', url: '/api/logout', token })).statusCode).toBe(200);
      expect((await one.api.request({ method: 'GET', url: '/api/me', token })).statusCode).toBe(401);
    });

    it('an upload through one process downloads through the other, whole, by range and by its signed link', async () => {
      const content = Buffer.concat([SAMPLE_FILES.pdf, randomBytes(600_000)]);
      const uploaded = await uploadFileThroughApi(
        one.api,
        mpc.token,
        { is_deleted: '0', client_id: client.id, service_id: serviceId },
        [{ field: 'file', name: 'return.pdf', content }],
      );
      expect(uploaded.statusCode).toBe(201);
      const { file_id: fileId, download_url: link } = uploaded.json().data;

      const whole = await two.api.request({ method: 'GET', url: `/api/file/download/${fileId}`, token: mpc.token });
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(content)).toBe(true);
      const part = await two.api.request({
        method: 'GET',
        url: `/api/file/download/${fileId}`,
        token: mpc.token,
        headers: { range: 'bytes=300000-400000' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(content.subarray(300_000, 400_001))).toBe(true);
      expect((await two.api.request({ method: 'GET', url: link })).rawPayload.equals(content)).toBe(true);

      // Removed through the second: gone for the first as well; its object stays in the bucket while it is
      // in the trash, then under a tombstone for the backup window (files.test.ts, s3-file-storage.test.ts).
      const before = s3.listKeys().length;
      const removed = await two.api.request({ method: 'DELETE', url: `/api/file/remove/${fileId}`, token: mpc.token });
      expect(removed.statusCode).toBe(200);
      expect(s3.listKeys()).toHaveLength(before);
      const gone = await one.api.request({ method: 'GET', url: `/api/file/download/${fileId}`, token: mpc.token });
      expect(gone.statusCode).toBe(404);
      // Neither process keeps anything of it on its own disk.
      for (const portal of [one, two]) expect(fs.readdirSync(path.join(portal.dataDir, 'tmp'))).toEqual([]);
    });

    it('a document uploaded through one process is served through the other', async () => {
      const detail = await two.api.request({ method: 'GET', url: `/api/user/detail/${mpc.id}`, token: adminToken });
      const proof = detail
        .json()
        .data.user_document.find((entry: { document_type: string }) => entry.document_type === 'qualification_proof');
      const served = await two.api.request({ method: 'GET', url: proof.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(qualificationProof.content)).toBe(true);
    });

    it('counts wrong passwords for one account across both processes: the eleventh is refused by either', async () => {
      const login = (portal: Portal, password: string) =>
        portal.api.request({ method: 'POST', url: '/api/login', payload: { email: mpc.email, password } });
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await login(attempt % 2 === 0 ? one : two, 'Wrong@1234')).statusCode).toBe(401);
      }
      expect((await login(one, mpc.password)).statusCode).toBe(429);
      expect((await login(two, mpc.password)).statusCode).toBe(429);
    });

    it('both processes stop on SIGTERM and leave no port listening', async () => {
      for (const portal of [one, two]) portal.server.child.kill('SIGTERM');
      expect(await one.server.exited).toBe(0);
      expect(await two.server.exited).toBe(0);
      expect(await isPortFree(one.port)).toBe(true);
      expect(await isPortFree(two.port)).toBe(true);
    });
  },
);
