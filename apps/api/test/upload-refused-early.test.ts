import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { DocumentRequest } from '@portal/contract/requests';
import { beforeAll, describe, expect, it } from 'vitest';
import { useFirm, useFirmApp } from './support/firm.js';
import { mustAskForDocuments } from './support/requests.js';
import { listenOnFreePort } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork, tieRule } from './support/work.js';

/**
 * Sends a multipart upload whose file part starts and never ends, and answers the status line the server
 * sent meanwhile: an upload refused by access is answered before its file is read (issue 21).
 */
function sendUnfinishedUpload(port: number, url: string, token: string, fields: Record<string, string | number>) {
  const boundary = '----portalEarly';
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="return.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      const body = Buffer.from(head + filePart);
      socket.write(`${body.length.toString(16)}\r\n`);
      socket.write(body);
      socket.write('\r\n');
      // The file goes on: no closing boundary, no last chunk.
    });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) {
        resolve(answer.split('\r\n')[0] as string);
        socket.destroy();
      }
    });
    socket.on('error', reject);
    socket.setTimeout(10_000, () => reject(new Error('no answer while the file was still being sent')));
  });
}

describe.each(listTestDialects())('an upload refused by access, on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('block', dialect);
  const other = useFirm('block', t, { admin, sharing: firm });
  let port: number;
  let request: DocumentRequest;

  beforeAll(async () => {
    await tieRule(t, admin.token, 'GSTR3B_MONTHLY', firm.services[0] as number);
    const [work] = (await listAllWork(t)).filter((item) => item.client_id === firm.client.id);
    request = await mustAskForDocuments(t, firm.mpc.token, work?.id as number);
    port = await listenOnFreePort(t);
  });

  const stagedFiles = () =>
    fs.existsSync(path.join(t.dataDir, 'tmp'))
      ? fs.readdirSync(path.join(t.dataDir, 'tmp')).filter((name) => !name.startsWith('backup-'))
      : [];

  it('answers 404 for a client service out of reach before the file is read, staging nothing', async () => {
    const before = stagedFiles();
    const status = await sendUnfinishedUpload(port, '/api/folder/uploadFile', other.mpc.token, {
      client_id: firm.client.id,
      service_id: firm.services[0] as number,
      is_deleted: '0',
    });
    expect(status).toBe('HTTP/1.1 404 Not Found');
    expect(stagedFiles()).toEqual(before);
  });

  it('answers 422 when the form names no client service before its file', async () => {
    const status = await sendUnfinishedUpload(port, '/api/folder/uploadFile', firm.mpc.token, { is_deleted: '0' });
    expect(status).toBe('HTTP/1.1 422 Unprocessable Entity');
  });

  it("answers 404 for another firm's document request before the file is read", async () => {
    const url = `/api/requests/${request.id}/items/${request.items[0]?.id}/upload`;
    expect(await sendUnfinishedUpload(port, url, other.client.token, {})).toBe('HTTP/1.1 404 Not Found');
  });
});
