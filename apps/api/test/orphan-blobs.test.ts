import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app.js';
import { ORPHAN_GRACE_MS } from '../src/modules/housekeeping/orphan-blobs.js';
import type { BlobStore } from '../src/storage/blob-store.js';
import { uploadFileThroughApi } from './support/client-files.js';
import { buildFirm, type TestFirm } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { startTestS3, type TestS3 } from './support/s3-server.js';
import { findFreePort, isPortFree, type Started, startServer, waitFor } from './support/server-process.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

for (const dialect of listTestDialects()) {
  for (const storage of ['local', 's3'] as const) {
    describe(`blobs a crash left without a row, on ${dialect} with ${storage} storage`, () => {
      let s3: TestS3 | undefined;
      let t: TestApp | undefined;
      let restarted: BuiltApp | undefined;
      afterEach(async () => {
        await restarted?.app.close();
        await t?.close();
        await s3?.close();
        [s3, t, restarted] = [undefined, undefined, undefined];
      });

      /** A portal with a firm, its clock on the real time: stored files carry the disk's or the bucket's. */
      const startPortal = async (log: string[]) => {
        if (storage === 's3') s3 = await startTestS3();
        const app = await createTestApp(dialect, {
          env: { ...s3?.env, LOG_LEVEL: 'info' },
          logStream: { write: (line: string) => void log.push(line) },
        });
        t = app;
        app.clock.set(new Date());
        const firm = await buildFirm(app, await app.signIn(await app.createUser('admin')));
        return { app, firm };
      };
      const uploadThroughApi = async (app: TestApp, firm: TestFirm) => {
        const response = await uploadFileThroughApi(
          app,
          firm.mpc.token,
          { is_deleted: '0', client_id: firm.client.id, service_id: firm.services[0] as number },
          [{ field: 'file', name: 'return.pdf', content: SAMPLE_FILES.pdf }],
        );
        expect(response.statusCode).toBe(201);
        return response.json().data.file_id as number;
      };
      /** What a kill between storing an upload and writing its row leaves: an encrypted blob, no row. */
      const leaveOrphan = async (blobs: BlobStore, key: string) => {
        await blobs.putStream(key, Readable.from([randomBytes(300)]));
        return key;
      };
      const setWrittenAt = (app: TestApp, key: string, time: Date) => {
        if (s3) s3.setLastModified(key, time);
        else fs.utimesSync(path.join(app.dataDir, ...key.split('/')), time, time);
      };

      it('dates a blob from when it was stored, not from when its upload was staged', async () => {
        const { app, firm } = await startPortal([]);
        const { files, blobs } = app.context;
        // An upload staged at the start of a slow request, stored at its end, its row not yet written.
        const staged = path.join(app.dataDir, 'tmp', `${randomBytes(8).toString('hex')}.staged`);
        fs.mkdirSync(path.dirname(staged), { recursive: true });
        fs.writeFileSync(staged, randomBytes(300));
        fs.utimesSync(staged, new Date(Date.now() - 2 * HOUR), new Date(Date.now() - 2 * HOUR));
        const key = files.keyOf(firm.client.id, files.newStoreName());
        const before = Date.now() - 2000;
        await blobs.putFile(key, staged);
        const listed = [];
        for await (const page of blobs.list('files')) listed.push(...page);
        const stored = listed.find((blob) => blob.key === key);
        expect(stored?.lastModified.getTime()).toBeGreaterThanOrEqual(before);
        await app.scheduler.tick();
        expect(await blobs.exists(key)).toBe(true);
      });

      it('are gone after a restart once older than the request time limit, and hourly after that', async () => {
        const log: string[] = [];
        const { app, firm } = await startPortal(log);
        const { files, documents, blobs } = app.context;
        const fileId = await uploadThroughApi(app, firm);
        const keptRows = await Promise.all([
          app.context.db.selectFrom('files').select(['client_id', 'store_name']).where('id', '=', fileId).execute(),
          app.context.db.selectFrom('user_documents').select('store_name').where('user_id', '=', firm.mpc.id).execute(),
        ]);
        const kept = [
          ...keptRows[0].map((row) => files.keyOf(row.client_id, row.store_name)),
          ...keptRows[1].map((row) => documents.keyOf(row.store_name)),
        ];
        expect(kept).toHaveLength(2);
        const orphans = [
          await leaveOrphan(blobs, files.keyOf(firm.client.id, files.newStoreName())),
          await leaveOrphan(blobs, documents.keyOf(documents.newStoreName('png'))),
        ];
        // Beside the store on disk: a running backup's pins (this process's) and a file the portal never
        // names. Both untouched, however old.
        const pinRoot = path.join(app.dataDir, 'tmp', 'backup-list-abc123');
        const pin = path.join(pinRoot, 'files', '1', 'a'.repeat(32));
        const stray = path.join(app.dataDir, 'files', String(firm.client.id), 'Notes by hand.txt');
        // A name the store takes but the portal never makes (put there by hand): not the sweep's either.
        const handPut = await leaveOrphan(blobs, `files/${firm.client.id}/notes.txt`);
        setWrittenAt(app, handPut, new Date(0));
        if (storage === 'local') {
          for (const file of [pin, stray]) {
            fs.mkdirSync(path.dirname(file), { recursive: true });
            fs.writeFileSync(file, 'x');
            fs.utimesSync(file, new Date(0), new Date(0));
          }
        }
        const exists = async (keys: string[], store = blobs) => Promise.all(keys.map((key) => store.exists(key)));

        // The first run (a new database's) finds them younger than the limit: a request may still be writing rows.
        await app.scheduler.tick();
        expect(await exists([...kept, ...orphans])).toEqual([true, true, true, true]);

        // Back to the real time the blobs carry (the sign-ins took a moment), then past the limit; a
        // bucket keeps whole seconds.
        app.clock.set(new Date());
        app.clock.advance(app.context.config.requestTimeoutMs + ORPHAN_GRACE_MS + 2000);
        const young = await leaveOrphan(blobs, files.keyOf(firm.client.id, files.newStoreName()));
        setWrittenAt(app, young, app.clock.now());
        // A restart well within the hour: only the run at start can take them.
        await app.app.close();
        restarted = await buildApp({
          config: app.context.config,
          database: app.database,
          clock: app.clock,
          logStream: { write: (line: string) => void log.push(line) },
        });
        await restarted.app.ready();
        await restarted.scheduler.tick();

        // The first app's bucket client closed with it.
        const stored = (keys: string[]) => exists(keys, restarted?.context.blobs);
        expect(await stored(orphans)).toEqual([false, false]);
        expect(await stored([...kept, young, handPut])).toEqual([true, true, true, true]);
        if (storage === 'local') expect([fs.existsSync(pin), fs.existsSync(stray)]).toEqual([true, true]);
        const download = await restarted.app.inject({
          method: 'GET',
          url: `/api/file/download/${fileId}`,
          headers: { authorization: `Bearer ${firm.mpc.token}` },
        });
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
        const removedLines = log.filter((line) => line.includes('that no row names'));
        expect(removedLines).toHaveLength(1);
        expect(JSON.parse(removedLines[0] as string)).toMatchObject({ files: 1, documents: 1 });
        for (const key of orphans) expect(log.join('\n')).not.toContain(path.basename(key));

        // While it runs: hourly.
        const later = await leaveOrphan(restarted.context.blobs, files.keyOf(firm.client.id, files.newStoreName()));
        app.clock.advance(app.context.config.requestTimeoutMs + ORPHAN_GRACE_MS + 2000);
        await restarted.scheduler.tick();
        expect(await stored([later, young, ...kept])).toEqual([false, false, true, true]);
      });
    });
  }
}

describe('the portal process', () => {
  let dataDir: string | undefined;
  let server: Started | undefined;
  afterEach(() => {
    server?.child.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    [server, dataDir] = [undefined, undefined];
  });

  const stop = async (port: number) => {
    server?.child.kill('SIGTERM');
    expect(await server?.exited).toBe(0);
    expect(await isPortFree(port)).toBe(true);
  };
  /** When the sweep is next due by the hour, once the process has run it (undefined before). */
  const readNextSweep = (dir: string): number | undefined => {
    const file = path.join(dir, 'portal.sqlite');
    if (!fs.existsSync(file)) return undefined;
    const database = new SQLite(file, { readonly: true });
    try {
      const row = database
        .prepare("select next_run_at, locked_by from scheduled_runs where name = 'remove-orphan-blobs'")
        .get() as { next_run_at: string; locked_by: string | null } | undefined;
      return row && row.locked_by === null ? Date.parse(row.next_run_at) : undefined;
    } catch {
      // Still migrating: no table yet.
      return undefined;
    } finally {
      database.close();
    }
  };

  it('removes them at its next start, not an hour later, logging only how many', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-orphans-'));
    dataDir = dir;
    const port = await findFreePort();
    const env = { PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'info' };
    server = startServer(env);
    await waitFor(() => (readNextSweep(dir) ?? 0) > Date.now() + 30 * MINUTE);
    await stop(port);

    // What the kill left: an upload stored, its row never written, two hours ago.
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    const orphans = [path.join(dir, 'files', '1', randomBytes(16).toString('hex'))];
    orphans.push(path.join(dir, 'documents', `${randomBytes(16).toString('hex')}.png`));
    for (const file of orphans) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, randomBytes(300));
      fs.utimesSync(file, twoHoursAgo, twoHoursAgo);
    }
    const restarted = startServer(env);
    server = restarted;
    // The sweep logs its counts once both files are gone; the line may reach this pipe a moment after.
    const swept = /"files":1,"documents":1,.*that no row names/;
    await waitFor(() => swept.test(restarted.output()));
    for (const file of orphans) expect(fs.existsSync(file), file).toBe(false);
    for (const file of orphans) expect(restarted.output()).not.toContain(path.basename(file));
    await stop(port);
  });
});
