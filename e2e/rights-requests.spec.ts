import fs from 'node:fs';
import yauzl from 'yauzl';
import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs, PDF_BYTES } from './support/people';
import { expectNoSidewaysScroll } from './support/phone-layout';

/** The names in a ZIP on disk, and the text of one entry. */
function readZip(file: string, textOf: string): Promise<{ names: string[]; text: string }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      let text = '';
      zip.on('end', () => resolve({ names, text }));
      zip.on('error', reject);
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        if (entry.fileName !== textOf) return zip.readEntry();
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            text = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

// Phone width: every screen of the journey fits 390 px (axe judges them in accessibility-mpc.spec.ts).
test.use({ viewport: { width: 390, height: 844 } });

test.describe('a client’s data request', () => {
  test('the client accepts the notice, asks for access, the firm prepares the download, the client downloads the ZIP', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(
      request,
      firm.token,
      'client',
      'Rightsclient',
      [firm.gst],
      {},
      { acceptNotice: false },
    );
    const upload = async (name: string, visibility: string) => {
      const uploaded = await request.post('/api/folder/uploadFile', {
        headers: { authorization: `Bearer ${firm.token}` },
        multipart: {
          client_id: String(client.id),
          service_id: String(firm.gst),
          is_deleted: '0',
          visibility,
          file: { name, mimeType: 'application/pdf', buffer: PDF_BYTES },
        },
      });
      expect(uploaded.status()).toBe(201);
    };
    await upload('itr-v.pdf', 'shared');
    await upload('partner-notes.pdf', 'firm');

    // At its first sign-in the client reads its firm's privacy notice and accepts it, then asks from its profile.
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/account-setup$/);
    await expect(page.getByRole('heading', { name: 'Privacy notice', level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the privacy notice');
    await page.getByRole('button', { name: 'I accept' }).click();
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await page.goto('/client/profile');
    const yourData = page.getByRole('region', { name: 'Your data' });
    await yourData.getByLabel('What are you asking for?').selectOption('access');
    await yourData.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Your request was sent to your firm.')).toBeVisible();
    const requests = yourData.getByRole('table', { name: 'Your requests' });
    // At phone width the table stacks: its header row is hidden, each row reads with its labels.
    await expect(requests.getByRole('row', { name: /Access to my data/ })).toContainText('Received');
    await expectNoSidewaysScroll(page, 'client profile with Your data');

    // The firm's MPC sees it in Data requests and prepares the download.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto('/mpc/data-requests');
    const queue = page.getByRole('table', { name: 'Data requests' });
    await expect(queue.getByRole('row', { name: /Rightsclient/ })).toContainText('Access to my data');
    await expectNoSidewaysScroll(page, 'data requests');
    await queue.getByRole('link', { name: /Rightsclient/ }).click();
    await expect(page.getByRole('heading', { name: 'Data request: Access to my data' })).toBeVisible();
    await page.getByRole('button', { name: 'Prepare download' }).click();
    await expect(page.getByText('The download is ready for the client.')).toBeVisible();
    await expect(page.getByText(/The client may download it once, until/)).toBeVisible();
    await expectNoSidewaysScroll(page, 'a data request');

    // The client downloads it from its profile: its data and its own document, not the firm's notes.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await page.goto('/client/profile');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download your data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Personal data - Rightsclient Demo - .+\.zip$/);
    const zip = await readZip(await download.path(), 'personal-data.json');
    expect(zip.names).toContain('personal-data.json');
    expect(zip.names.filter((name) => name.endsWith('itr-v.pdf'))).toHaveLength(1);
    expect(zip.names.filter((name) => name.includes('partner-notes'))).toEqual([]);
    expect(JSON.parse(zip.text).profile).toMatchObject({ id: client.id, email: client.email });
    expect(fs.statSync(await download.path()).size).toBeGreaterThan(PDF_BYTES.length);
    // Used once: the button is gone and the row says when it was downloaded.
    await expect(page.getByRole('button', { name: 'Download your data' })).toHaveCount(0);
    await expect(page.getByText(/^Downloaded /)).toBeVisible();
  });
});
