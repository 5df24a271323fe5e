import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../bench/portal-process.js';
import { createClientFolder, uploadFileThroughApi } from './support/client-files.js';
import { useFirm } from './support/firm.js';
import { listenOnFreePort, useTestApp } from './support/test-app.js';

const FILES = 6;
const FILE_BYTES = 10 * 1024 * 1024;

describe('a folder ZIP over a real socket (SQLite)', () => {
  const t = useTestApp('block', 'sqlite', { env: { MAX_UPLOAD_MB: '20' } });
  const firm = useFirm('block', t);
  let port: number;
  let folderId: number;
  beforeAll(async () => {
    folderId = await createClientFolder(t, firm, 'Scans');
    const content = makePdf(FILE_BYTES);
    for (let index = 0; index < FILES; index += 1) {
      const sent = await uploadFileThroughApi(
        t,
        firm.mpc.token,
        { client_id: firm.client.id, service_id: firm.services[0] as number, is_deleted: '0', folder_id: folderId },
        [{ field: 'file', name: `scan-${index}.pdf`, content }],
      );
      expect(sent.statusCode).toBe(201);
    }
    port = await listenOnFreePort(t);
  }, 60_000);

  it('streams a 60 MB folder with resident memory growing by well under its size', async () => {
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sample = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 100);
    const received = await new Promise<number>((resolve, reject) => {
      const url = `http://127.0.0.1:${port}/api/folder/zip/${firm.client.id}/${firm.services[0]}/${folderId}`;
      http
        .get(url, { headers: { authorization: `Bearer ${firm.mpc.token}` } }, (response) => {
          let bytes = 0;
          // Read and dropped as it comes, like a browser writing to disk.
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            peak = Math.max(peak, process.memoryUsage().rss);
          });
          response.on('end', () => resolve(bytes));
          response.on('error', reject);
        })
        .on('error', reject);
    });
    clearInterval(sample);
    const growthMb = (peak - baseline) / (1024 * 1024);
    console.log(`60 MB folder as a ZIP: resident memory grew by ${growthMb.toFixed(1)} MB`);
    expect(received).toBeGreaterThan(FILES * FILE_BYTES);
    expect(growthMb).toBeLessThan(24);
  });

  it('cuts the connection when a stored file is missing mid-archive, rather than send a partial ZIP', async () => {
    const rows = await t.context.db
      .selectFrom('files')
      .select(['store_name'])
      .where('folder_id', '=', folderId)
      .orderBy('id')
      .execute();
    await t.context.files.remove(firm.client.id, rows[3]?.store_name as string);
    const outcome = await new Promise<{ status: number; complete: boolean }>((resolve) => {
      const url = `http://127.0.0.1:${port}/api/folder/zip/${firm.client.id}/${firm.services[0]}/${folderId}`;
      http.get(url, { headers: { authorization: `Bearer ${firm.mpc.token}` } }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, complete: response.complete }));
        response.on('error', () => resolve({ status: response.statusCode ?? 0, complete: false }));
        response.on('aborted', () => resolve({ status: response.statusCode ?? 0, complete: false }));
      });
    });
    expect(outcome).toEqual({ status: 200, complete: false });
  });
});
