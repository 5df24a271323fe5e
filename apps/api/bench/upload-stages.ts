import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createEncryptingStream } from '../src/encryption/file-cipher.js';
import { MultipartBodyWatch } from '../src/http/multipart-body-watch.js';

/*
 * What each stage of an upload costs in CPU, one GiB through it in this process, 64 KiB at a time (the
 * size of a socket read): the part of `npm run bench:upload` that says where a gap to the bare sink comes
 * from. The sink does the SHA-256 only; the portal also parses the form, watches its delimiters and seals.
 */
const CHUNK = 64 * 1024;
const GIB = 2 ** 30;
const BOUNDARY = '----portalbench';

function* chunksOf(bytes: number): Generator<Buffer> {
  const block = randomBytes(2 ** 20);
  for (let sent = 0; sent < bytes; sent += CHUNK)
    yield block.subarray(sent % block.length, (sent % block.length) + CHUNK);
}

async function cpuSecondsOf(work: () => Promise<void> | void): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

const drain = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

type Parser = Writable & { on(event: string, listener: (...args: never[]) => void): Parser };
// The parser @fastify/multipart runs, found through it (it is not a dependency of ours).
const requireBesideMultipart = createRequire(createRequire(import.meta.url).resolve('@fastify/multipart'));
const Busboy = requireBesideMultipart('@fastify/busboy') as new (options: object) => Parser;

async function parseMultipart(): Promise<void> {
  const parser = new Busboy({
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    limits: { fileSize: 2 * GIB },
  });
  const finished = new Promise<void>((resolve) => parser.on('finish', resolve));
  parser.on('file', (_field: string, stream: Readable) => {
    stream.resume();
  });
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`;
  await pipeline(
    Readable.from(
      (function* () {
        yield Buffer.from(head);
        yield* chunksOf(GIB);
        yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
      })(),
    ),
    parser,
  );
  await finished;
}

export async function measureUploadStages(): Promise<{ stage: string; cpuSeconds: number }[]> {
  const stages: [string, () => Promise<void> | void][] = [
    [
      'SHA-256 (portal and sink)',
      () => {
        const hash = createHash('sha256');
        for (const chunk of chunksOf(GIB)) hash.update(chunk);
        hash.digest();
      },
    ],
    [
      'AES-256-GCM sealing',
      () =>
        pipeline(Readable.from(chunksOf(GIB)), createEncryptingStream({ id: 'bench', key: randomBytes(32) }), drain()),
    ],
    ['multipart parsing (busboy)', parseMultipart],
    [
      'multipart delimiter watch',
      () => {
        const watch = new MultipartBodyWatch(BOUNDARY);
        for (const chunk of chunksOf(GIB)) watch.observe(chunk);
      },
    ],
  ];
  const results: { stage: string; cpuSeconds: number }[] = [];
  for (const [stage, work] of stages) results.push({ stage, cpuSeconds: await cpuSecondsOf(work) });
  return results;
}
