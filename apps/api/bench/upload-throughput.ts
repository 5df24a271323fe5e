/**
 * `npm run bench:upload [-- --size 1024 --rounds 3]` (MB): in one run, uploads and downloads a file of
 * that size through (a) the bare sink (bench/bare-sink.ts: HTTP -> SHA-256 -> file, fsynced like the
 * portal's promote, and once more without fsync for reference) and (b) the portal's real client-file
 * upload and download, signed in as an MPC of a firm set up through the API of a throw-away portal
 * process. Prints MiB/s, the ratio to the sink, server CPU seconds, and the resident memory growth of
 * each server (VmRSS sampled from /proc). Targets: the portal at 90% of the sink or more, growth under
 * 64 MB. It prints; it asserts nothing (docs/performance.md).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { callApi, setUpFirm, spawnApiScript, startPortalProcess } from './portal-process.js';
import { frameFilePart, writeStreamedBody } from './streamed-body.js';
import { measureUploadStages } from './upload-stages.js';

const args = new Map<string, string>();
for (let index = 2; index < process.argv.length; index += 2)
  args.set(String(process.argv[index]).replace(/^--/, ''), String(process.argv[index + 1]));
const sizeMb = Number(args.get('size') ?? 1024);
const rounds = Number(args.get('rounds') ?? 3);
const SIZE = sizeMb * 2 ** 20;
const BOUNDARY = '----portalbench';
const ADMIN = { email: 'admin@bench.test', password: 'Bench@Admin1' };
const TICKS_PER_SECOND = 100;

/** Resident memory (VmRSS) and CPU seconds used so far by a process (Linux /proc). */
function readProcess(pid: number): { rssMb: number; cpuSeconds: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return {
    rssMb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
    cpuSeconds: (Number(stat[11]) + Number(stat[12])) / TICKS_PER_SECOND,
  };
}

type Sample = { mibPerSecond: number; rssGrowthMb: number; cpuSeconds: number; body: string };

/** Runs `transfer` while sampling the server's memory every 20 ms; growth is over the value just before. */
async function measure(pid: number, transfer: () => Promise<string>): Promise<Sample> {
  const before = readProcess(pid);
  let peak = before.rssMb;
  const timer = setInterval(() => {
    peak = Math.max(peak, readProcess(pid).rssMb);
  }, 20);
  const started = process.hrtime.bigint();
  try {
    const body = await transfer();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const after = readProcess(pid);
    peak = Math.max(peak, after.rssMb);
    return {
      mibPerSecond: SIZE / 2 ** 20 / seconds,
      rssGrowthMb: peak - before.rssMb,
      cpuSeconds: after.cpuSeconds - before.cpuSeconds,
      body,
    };
  } finally {
    clearInterval(timer);
  }
}

// Scanned statements are binary: random bytes after a PDF signature, one block sent again and again.
const block = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2 ** 20 - 9)]);

/**
 * Sends `size` bytes, with backpressure, as the `file` part of a multipart form with `fields`, or (no
 * fields: the bare sink) as the body itself; answers the JSON answer.
 */
function upload(url: string, token: string | null, fields: Record<string, string | number> | null, size = SIZE) {
  // No fields: the bare sink takes the file as the body itself.
  const { head, tail } = fields ? frameFilePart(BOUNDARY, fields) : { head: Buffer.alloc(0), tail: Buffer.alloc(0) };
  const contentType = fields ? `multipart/form-data; boundary=${BOUNDARY}` : 'application/pdf';
  return new Promise<string>((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'content-type': contentType,
        'content-length': String(head.length + size + tail.length),
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () =>
        response.statusCode === 201 ? resolve(body) : reject(new Error(`${url}: ${response.statusCode} ${body}`)),
      );
    });
    request.on('error', reject);
    writeStreamedBody(request, { head, block, size, tail });
  });
}

function download(url: string, token: string | null, expected: number): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: token ? { authorization: `Bearer ${token}` } : {} }, (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
        });
        response.on('end', () =>
          received === expected ? resolve('') : reject(new Error(`${url} gave ${received} of ${expected} bytes`)),
        );
      })
      .on('error', reject);
  });
}

async function startSink(folder: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawnApiScript('bench/bare-sink.ts', [folder], {});
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the sink exited with code ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-upload-'));
  fs.mkdirSync(path.join(root, 'sink'));
  const sink = await startSink(path.join(root, 'sink'));
  const portal = await startPortalProcess({
    DATA_DIR: path.join(root, 'data'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    MAX_UPLOAD_MB: String(sizeMb + 16),
  });
  const results = new Map<string, Sample[]>();
  const record = (name: string, sample: Sample) => results.set(name, [...(results.get(name) ?? []), sample]);
  try {
    const firm = await setUpFirm(portal.base, ADMIN);
    const token = firm.mpc.token;
    const fields = { is_deleted: '1', client_id: firm.clientId, service_id: firm.serviceId };
    const sinkPid = sink.child.pid as number;
    const portalPid = portal.child.pid as number;

    const sinkRound = async (fsync: boolean, label: string) => {
      const up = await measure(sinkPid, () => upload(`${sink.base}/upload?fsync=${fsync ? 1 : 0}`, null, null));
      const stored = JSON.parse(up.body) as { name: string };
      record(`${label} upload`, up);
      // Reading back does not depend on how the file was written: one series for both.
      record(
        'bare sink download',
        await measure(sinkPid, () => download(`${sink.base}/files/${stored.name}`, null, SIZE)),
      );
      await fetch(`${sink.base}/files/${stored.name}`, { method: 'DELETE' });
    };
    const portalRound = async () => {
      const up = await measure(portalPid, () => upload(`${portal.base}/api/folder/uploadFile`, token, fields));
      const fileId = (JSON.parse(up.body) as { data: { file_id: number } }).data.file_id;
      record('portal upload', up);
      record(
        'portal download',
        await measure(portalPid, () => download(`${portal.base}/api/file/download/${fileId}`, token, SIZE)),
      );
      await callApi(portal.base, token, 'DELETE', `/api/file/remove/${fileId}`);
    };

    // Warm-up, not counted: every module and buffer a transfer needs is loaded first.
    await upload(`${sink.base}/upload?fsync=1`, null, null, 8 * 2 ** 20);
    const warm = JSON.parse(await upload(`${portal.base}/api/folder/uploadFile`, token, fields, 8 * 2 ** 20));
    await download(`${portal.base}/api/file/download/${warm.data.file_id}`, token, 8 * 2 ** 20);

    for (let round = 1; round <= rounds; round += 1) {
      await sinkRound(true, 'bare sink');
      await portalRound();
      await sinkRound(false, 'bare sink, no fsync');
      console.log(`  round ${round} of ${rounds} done`);
    }
  } finally {
    await portal.stop();
    await stopChild(sink.child);
    fs.rmSync(root, { recursive: true, force: true });
  }

  console.log(
    `\n${sizeMb} MB (MiB) over a loopback socket, median of ${rounds} rounds (${os.cpus().length} CPUs, Node ${process.version})\n`,
  );
  const cell = (text: string, width: number) => text.padStart(width);
  console.log(
    `  ${'transfer'.padEnd(30)} ${cell('MiB/s', 7)} ${cell('min-max', 9)} ${cell('CPU s', 6)} ${cell('RSS growth median / max', 24)}`,
  );
  for (const [name, samples] of results) {
    const speeds = samples.map((sample) => sample.mibPerSecond);
    const growths = samples.map((sample) => sample.rssGrowthMb);
    const range = `${Math.min(...speeds).toFixed(0)}-${Math.max(...speeds).toFixed(0)}`;
    const growth = `${median(growths).toFixed(1)} / ${Math.max(...growths).toFixed(1)} MB`;
    console.log(
      `  ${name.padEnd(30)} ${cell(median(speeds).toFixed(0), 7)} ${cell(range, 9)} ${cell(median(samples.map((s) => s.cpuSeconds)).toFixed(1), 6)} ${cell(growth, 24)}`,
    );
  }
  const rate = (name: string) => median((results.get(name) ?? []).map((sample) => sample.mibPerSecond));
  console.log('');
  for (const kind of ['upload', 'download']) {
    const ratio = rate(`portal ${kind}`) / rate(`bare sink ${kind}`);
    const growths = (results.get(`portal ${kind}`) ?? []).map((sample) => sample.rssGrowthMb);
    console.log(
      `  portal ${kind}: ${(ratio * 100).toFixed(0)}% of the bare sink (target 90%), RSS growth median ${median(growths).toFixed(1)} MB, max ${Math.max(...growths).toFixed(1)} MB (target under 64 MB)`,
    );
  }
  const cpu = (name: string) => median((results.get(name) ?? []).map((sample) => sample.cpuSeconds));
  console.log(
    `  portal upload vs the sink without fsync: ${((100 * rate('portal upload')) / rate('bare sink, no fsync upload')).toFixed(0)}%`,
  );
  console.log(
    `  server CPU per upload: portal ${cpu('portal upload').toFixed(1)} s, sink ${cpu('bare sink upload').toFixed(1)} s (where CPU is short, throughput follows it)`,
  );
  console.log('\n  CPU per GiB of each stage, in this process:');
  for (const { stage, cpuSeconds } of await measureUploadStages())
    console.log(`  ${stage.padEnd(30)} ${cpuSeconds.toFixed(2).padStart(6)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
