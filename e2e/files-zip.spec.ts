import { createHash } from 'node:crypto';
import fs from 'node:fs';
import yauzl from 'yauzl';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs, PDF_BYTES } from './support/people';
import { expectNoSidewaysScroll } from './support/phone-layout';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Each file entry of a ZIP on disk with its SHA-256, and each directory (a name ending in "/"). */
function readZip(file: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, string>();
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          entries.set(entry.fileName, '');
          return zip.readEntry();
        }
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError);
          const hash = createHash('sha256');
          stream.on('data', (chunk: Buffer) => hash.update(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, hash.digest('hex'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

test.describe('a folder as one ZIP', () => {
  test('staff and the client download a folder with its subfolder; the client never gets firm-only files', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', 'Zipclient', [firm.gst]);
    const headers = { authorization: `Bearer ${firm.token}` };
    const folder = async (name: string, parent?: number) => {
      const created = await request.post('/api/folder/create', {
        headers,
        data: {
          folder_name: name,
          client_id: client.id,
          service_id: firm.gst,
          ...(parent ? { folder_id: parent } : {}),
        },
      });
      expect(created.status()).toBe(201);
      return (await created.json()).data.folder_id as number;
    };
    const returns = await folder('Returns');
    const year = await folder('2024', returns);
    const upload = async (name: string, folderId: number, visibility = 'shared') => {
      const uploaded = await request.post('/api/folder/uploadFile', {
        headers,
        multipart: {
          client_id: String(client.id),
          service_id: String(firm.gst),
          folder_id: String(folderId),
          is_deleted: '0',
          visibility,
          file: { name, mimeType: 'application/pdf', buffer: PDF_BYTES },
        },
      });
      expect(uploaded.status()).toBe(201);
    };
    await upload('itr-v.pdf', returns);
    await upload('acknowledgement.pdf', year);
    await upload('working-paper.pdf', returns, 'firm');

    const downloadZip = async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download as ZIP' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/ - Returns\.zip$/);
      const file = await download.path();
      expect(fs.statSync(file).size).toBeGreaterThan(PDF_BYTES.length);
      return readZip(file);
    };
    const digest = sha256(PDF_BYTES);

    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/client/file/${client.id}/${firm.gst}/${returns}`);
    expect(Object.fromEntries(await downloadZip())).toEqual({
      'Returns/': '',
      'Returns/itr-v.pdf': digest,
      'Returns/working-paper.pdf': digest,
      'Returns/2024/': '',
      'Returns/2024/acknowledgement.pdf': digest,
    });

    await page.evaluate(() => localStorage.clear());
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/client/file/${firm.gst}/${returns}`);
    await expect(page.getByRole('link', { name: 'Download as ZIP' })).toBeInViewport();
    await expectNoSidewaysScroll(page, 'a folder with Download as ZIP, 390 px');
    await expectAccessible(page, 'a folder with Download as ZIP, 390 px');
    expect(Object.fromEntries(await downloadZip())).toEqual({
      'Returns/': '',
      'Returns/itr-v.pdf': digest,
      'Returns/2024/': '',
      'Returns/2024/acknowledgement.pdf': digest,
    });
  });
});
