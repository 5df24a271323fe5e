/**
 * `npm run bench:encryption [-- --s3]`: what encryption at rest costs a 300 MB upload and download,
 * measured side by side in one run over a real socket. Encrypted: the portal's own upload and download
 * endpoints (files synced to disk before the answer; with `--s3`, stored in an s3rver bucket run as its
 * own process). Plain: two bench-only routes doing the same streaming (multipart parsing, hashing and
 * the whole-text check, writing to disk; reading back) without the cipher. Prints throughput and
 * memory; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ROLE_ID } from '@portal/contract/roles';
import { buildApp } from '../src/app.js';
import { hashPassword } from '../src/auth/passwords.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { DEFAULT_CHUNK_BYTES } from '../src/encryption/file-cipher.js';
import { UploadInspector } from '../src/http/upload-inspection.js';
import { startS3rverProcess } from './s3rver-process.js';
import { frameFilePart, writeStreamedBody } from './streamed-body.js';

const SIZE = 300 * 1024 * 1024;
const ROUNDS = 3;
const PASSWORD = 'Bench@1234';
const BOUNDARY = '----portalbench';

type Sample = { seconds: number; peakGrowthMb: number };

function sampleMemory(start: number, peak: { value: number }) {
  peak.value = Math.max(peak.value, process.memoryUsage().rss - start);
}

/** Sends `SIZE` bytes as the `file` part of a multipart form; answers the status and the JSON answer. */
function upload(
  port: number,
  url: string,
  token: string,
  fields: Record<string, string | number>,
): Promise<Sample & { body: string }> {
  const { head, tail } = frameFilePart(BOUNDARY, fields);
  // Scanned statements are binary: random bytes after a PDF signature.
  const block = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(1024 * 1024 - 9)]);
  const start = process.memoryUsage().rss;
  const peak = { value: 0 };
  const began = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: url,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(head.length + SIZE + tail.length),
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => {
        sampleMemory(start, peak);
        const seconds = Number(process.hrtime.bigint() - began) / 1e9;
        if (response.statusCode !== 201) reject(new Error(`upload answered ${response.statusCode}: ${body}`));
        else resolve({ seconds, peakGrowthMb: peak.value / 2 ** 20, body });
      });
    });
    request.on('error', reject);
    writeStreamedBody(request, { head, block, size: SIZE, tail }, () => sampleMemory(start, peak));
  });
}

function download(port: number, url: string, token: string): Promise<Sample> {
  const start = process.memoryUsage().rss;
  const peak = { value: 0 };
  const began = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { authorization: `Bearer ${token}` } }, (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          sampleMemory(start, peak);
        });
        response.on('end', () => {
          if (received !== SIZE) reject(new Error(`download gave ${received} bytes`));
          else resolve({ seconds: Number(process.hrtime.bigint() - began) / 1e9, peakGrowthMb: peak.value / 2 ** 20 });
        });
      })
      .on('error', reject);
  });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const bucket = process.argv.includes('--s3') ? await startS3rverProcess() : null;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', MAX_UPLOAD_MB: '400', ...bucket?.env });
  const database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') });
  await migrateToLatest(database);
  const { app, context } = await buildApp({ config, database, clock: systemClock });
  const plainDir = path.join(dataDir, 'plain');
  fs.mkdirSync(plainDir);

  // The same streaming without the cipher: multipart part -> inspection -> disk, and back.
  app.post('/bench/plain-upload', { config: { public: true } }, async (request, reply) => {
    for await (const part of request.parts({ limits: { fileSize: config.maxUploadBytes } })) {
      if (part.type === 'file')
        await pipeline(part.file, new UploadInspector(), fs.createWriteStream(path.join(plainDir, 'big.pdf')));
    }
    return reply.code(201).send({ status: 'success' });
  });
  app.get('/bench/plain-download', { config: { public: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'application/octet-stream')
      // Read in the encrypted format's chunk size, so only the cipher differs.
      .send(fs.createReadStream(path.join(plainDir, 'big.pdf'), { highWaterMark: DEFAULT_CHUNK_BYTES })),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;

  const now = new Date().toISOString();
  const hash = await hashPassword(PASSWORD);
  const user = async (role: 'mpc' | 'client', firmId: number | null) =>
    (
      await context.db
        .insertInto('users')
        .values({
          role_id: ROLE_ID[role],
          firm_id: firmId,
          first_name: 'Bench',
          last_name: role,
          email: `${role}@bench.local`,
          username: `bench${role}`,
          password_hash: hash,
          status: 'active',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const mpc = await user('mpc', null);
  await context.db.updateTable('users').set({ firm_id: mpc }).where('id', '=', mpc).execute();
  const client = await user('client', mpc);
  const service = (
    await context.db
      .insertInto('services')
      .values({ service_name: 'GST', created_by: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await context.db
    .insertInto('user_services')
    .values({ user_id: client, service_id: service, created_at: now })
    .execute();
  const folder = (
    await context.db
      .insertInto('folders')
      .values({
        client_id: client,
        service_id: service,
        parent_id: null,
        folder_name: 'Bench',
        created_by: mpc,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'mpc@bench.local', password: PASSWORD },
  });
  const token = login.json().data.token as string;

  const results: Record<string, Sample[]> = {
    'plain upload': [],
    'encrypted upload': [],
    'plain download': [],
    'encrypted download': [],
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    results['plain upload']?.push(await upload(port, '/bench/plain-upload', token, {}));
    const stored = await upload(port, '/api/folder/uploadFile', token, {
      is_deleted: '0',
      client_id: client,
      service_id: service,
      folder_id: folder,
    });
    results['encrypted upload']?.push(stored);
    results['plain download']?.push(await download(port, '/bench/plain-download', token));
    results['encrypted download']?.push(
      await download(port, `/api/file/download/${JSON.parse(stored.body).data.file_id}`, token),
    );
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const rate = (name: string) => SIZE / 2 ** 20 / median((results[name] ?? []).map((sample) => sample.seconds));
  console.log(
    `\n300 MB over a loopback socket, median of ${ROUNDS} rounds (${os.cpus().length} CPUs, Node ${process.version}), encrypted files in ${bucket ? 'an s3rver bucket' : 'DATA_DIR'}\n`,
  );
  for (const name of Object.keys(results)) {
    const samples = results[name] ?? [];
    const growth = Math.max(...samples.map((sample) => sample.peakGrowthMb));
    console.log(
      `  ${name.padEnd(20)} ${rate(name).toFixed(0).padStart(5)} MB/s   peak resident growth ${growth.toFixed(1)} MB`,
    );
  }
  for (const kind of ['upload', 'download']) {
    const ratio = rate(`encrypted ${kind}`) / rate(`plain ${kind}`);
    console.log(`  encrypted ${kind} runs at ${(ratio * 100).toFixed(0)}% of the plain ${kind} (target: at least 70%)`);
  }
  await app.close();
  await database.destroy();
  await bucket?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
