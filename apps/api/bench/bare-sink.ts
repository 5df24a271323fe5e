/**
 * The upload benchmark's yardstick (`npm run bench:upload`): a bare Node HTTP server that streams a
 * request body through SHA-256 into a file and sends a file back, with nothing else: no framework,
 * multipart parsing, authentication, inspection, encryption or database. With `?fsync=1` the file and
 * its folder are flushed to disk before the answer, as the portal does before it acknowledges an upload.
 * Run as its own process: `bare-sink.ts <folder>`; prints `listening <port>`.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { syncDirectory, syncFile } from '../src/storage/disk-sync.js';

const [folder] = process.argv.slice(2);
if (!folder) throw new Error('usage: bare-sink.ts <folder>');
// The portal reads stored files in records of its 256 KiB chunks; the same size here.
const READ_BYTES = 256 * 1024;

async function receive(request: http.IncomingMessage, durable: boolean) {
  const name = randomBytes(16).toString('hex');
  const file = path.join(folder as string, name);
  const hash = createHash('sha256');
  let size = 0;
  const hasher = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(request, hasher, fs.createWriteStream(file, { flags: 'wx' }));
  if (durable) {
    await syncFile(file);
    await syncDirectory(folder as string);
  }
  return { name, size, sha256: hash.digest('hex') };
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://sink');
  const answer = (status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const name = /^\/files\/([a-f0-9]{32})$/.exec(url.pathname)?.[1];
  if (request.method === 'POST' && url.pathname === '/upload') {
    receive(request, url.searchParams.get('fsync') === '1').then(
      (stored) => answer(201, stored),
      (error) => answer(500, { message: String(error) }),
    );
  } else if (request.method === 'GET' && name) {
    const file = path.join(folder, name);
    response.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': String(fs.statSync(file).size),
    });
    pipeline(fs.createReadStream(file, { highWaterMark: READ_BYTES }), response).catch(() => response.destroy());
  } else if (request.method === 'DELETE' && name) {
    fs.rmSync(path.join(folder, name), { force: true });
    answer(200, {});
  } else answer(404, {});
});

server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
