/**
 * `npm run bench:zip [-- --files 200 --size 10]` (size in MB): in a throw-away portal process with its own
 * data directory, uploads `files` files of `size` MB into one folder (half of them in a subfolder) through
 * the API, then downloads the folder as one ZIP over HTTP into /dev/null while sampling the server's
 * resident memory (VmRSS from /proc) every 100 ms. Prints the peak growth next to the folder's size, and
 * the throughput. The heap is inside that RSS: a separate process cannot be asked for its heap, and RSS
 * is what a large archive would make grow. It prints; it asserts nothing (docs/performance.md).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildForm, callApi, makePdf, setUpFirm, startPortalProcess } from './portal-process.js';

const args = new Map<string, string>();
for (let index = 2; index < process.argv.length; index += 2)
  args.set(String(process.argv[index]).replace(/^--/, ''), String(process.argv[index + 1]));
const fileCount = Number(args.get('files') ?? 200);
const sizeMb = Number(args.get('size') ?? 10);
const ADMIN = { email: 'admin@bench.test', password: 'Bench@Admin1' };

const rssMbOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Streams the ZIP at `url` into /dev/null; answers its size in bytes. */
function download(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`ZIP answered ${response.statusCode}`));
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.pipe(fs.createWriteStream('/dev/null'));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function main() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-zip-bench-'));
  const portal = await startPortalProcess({
    DATA_DIR: path.join(root, 'data'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    MAX_UPLOAD_MB: String(sizeMb + 16),
  });
  try {
    const firm = await setUpFirm(portal.base, ADMIN);
    const token = firm.mpc.token;
    const place = { client_id: firm.clientId, service_id: firm.serviceId };
    const folder = async (name: string, parent?: number) => {
      const answer = await callApi(portal.base, token, 'POST', '/api/folder/create', {
        folder_name: name,
        ...place,
        ...(parent ? { folder_id: parent } : {}),
      });
      return (answer.body.data as { folder_id: number }).folder_id;
    };
    const top = await folder('Scans');
    const inner = await folder('Older', top);
    const content = makePdf(sizeMb * 2 ** 20);
    const started = Date.now();
    for (let index = 0; index < fileCount; index += 1) {
      const form = buildForm({ ...place, is_deleted: '0', folder_id: index % 2 ? inner : top }, [
        { field: 'file', name: `scan-${index}.pdf`, content, type: 'application/pdf' },
      ]);
      const answer = await callApi(portal.base, token, 'POST', '/api/folder/uploadFile', form);
      if (answer.status !== 201) throw new Error(`upload ${index}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    const folderMb = (fileCount * content.length) / 2 ** 20;
    console.log(
      `Folder: ${fileCount} files x ${sizeMb} MB = ${folderMb.toFixed(0)} MB (built in ${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );

    const pid = portal.child.pid as number;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const baseline = rssMbOf(pid);
    let peak = baseline;
    const timer = setInterval(() => {
      peak = Math.max(peak, rssMbOf(pid));
    }, 100);
    const streamStarted = process.hrtime.bigint();
    const bytes = await download(`${portal.base}/api/folder/zip/${firm.clientId}/${firm.serviceId}/${top}`, token);
    const seconds = Number(process.hrtime.bigint() - streamStarted) / 1e9;
    clearInterval(timer);
    peak = Math.max(peak, rssMbOf(pid));
    console.log(
      `ZIP: ${(bytes / 2 ** 20).toFixed(0)} MB streamed in ${seconds.toFixed(1)} s (${(bytes / 2 ** 20 / seconds).toFixed(0)} MiB/s)`,
    );
    console.log(
      `Server RSS: ${baseline.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB: grew by ${(peak - baseline).toFixed(1)} MB for a ${folderMb.toFixed(0)} MB folder`,
    );
  } finally {
    await portal.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
