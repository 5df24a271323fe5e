import { expect, signIn, test } from './support/fixtures';
import { apiToken, createFirm, createUserAs, PDF_BYTES } from './support/people';

const MB = 1024 * 1024;

test.describe('files in daily use', () => {
  test('staff keep files at a service top level, each with its own note; an over-limit file is refused before sending', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', 'Toplevel', [firm.gst]);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/client/file/${client.id}/${firm.gst}`);
    await expect(page.getByText('No folders or files yet.')).toBeVisible();

    const uploads: string[] = [];
    page.on('request', (call) => {
      if (call.url().includes('/api/folder/uploadFile')) uploads.push(call.url());
    });
    await page.getByRole('button', { name: 'Add File' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Max 5 MB per file')).toBeVisible();
    await dialog.getByLabel('Files to upload').setInputFiles([
      { name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([PDF_BYTES, Buffer.alloc(6 * MB)]) },
      { name: 'gstr-3b.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES },
    ]);
    const huge = dialog.getByRole('listitem').filter({ hasText: 'huge.pdf' });
    await expect(dialog.getByRole('list', { name: 'Files to upload' }).getByRole('listitem')).toHaveCount(2);
    await expect(huge).toContainText('This file is larger than the limit: max 5 MB per file.');
    await expect(huge).toContainText('Not sent');
    await dialog.getByLabel('Note for gstr-3b.pdf').fill('April return');
    await dialog.getByRole('radio', { name: 'Yes' }).check();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByLabel('Progress of gstr-3b.pdf')).toHaveText('100%');
    expect(uploads).toHaveLength(1);
    await dialog.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('cell', { name: /^gstr-3b\.pdf/ })).toContainText('April return');
    await expect(page.getByRole('cell', { name: /^huge\.pdf/ })).toHaveCount(0);

    // A folder holding something says why it cannot be deleted, on hover and when tried.
    await page.getByRole('button', { name: 'Add Folder' }).click();
    await dialog.getByPlaceholder('Please enter folder name').fill('Returns');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const token = await apiToken(request, firm.mpc.email, firm.mpc.password);
    const folders = await (
      await request.get(`/api/folders/${client.id}/${firm.gst}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    await request.post('/api/folder/create', {
      headers: { authorization: `Bearer ${token}` },
      data: { folder_name: 'Inner', client_id: client.id, service_id: firm.gst, folder_id: folders.data[0].folder_id },
    });
    await page.reload();
    // Staff delete a folder with what it holds: it goes to the service's trash, after a question that says
    // so (issue 25, docs/decisions/0043).
    await page.getByRole('button', { name: 'Delete folder Returns' }).click();
    await expect(page.getByRole('dialog')).toContainText(
      'Delete Returns with everything in it? It goes to the trash, where it can be restored until its time there ends.',
    );
  });

  test('a client on a phone sees each file’s actions on screen, and a stale or broken link never shows raw JSON', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', 'Phoneclient', [firm.gst]);
    const form = {
      client_id: String(client.id),
      service_id: String(firm.gst),
      folder_id: '',
      is_deleted: '0',
      notes: 'Acknowledgement for the year 2024-25, filed on time',
    };
    const uploaded = await request.post('/api/folder/uploadFile', {
      headers: { authorization: `Bearer ${firm.token}` },
      multipart: {
        ...form,
        file: {
          name: 'itr-acknowledgement-assessment-year-2025-26.pdf',
          mimeType: 'application/pdf',
          buffer: PDF_BYTES,
        },
      },
    });
    expect(uploaded.status()).toBe(201);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.clock.install();
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await page.goto(`/client/file/${firm.gst}`);
    const name = 'itr-acknowledgement-assessment-year-2025-26.pdf';
    const download = page.getByRole('link', { name: `Download ${name}` });
    await expect(download).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await expect(page.getByRole('button', { name: 'Sections' }).or(page.locator('#sections-menu'))).toBeVisible();

    // Eleven minutes later the listed link is past its life: the listing is fetched again before it is followed.
    const before = await download.getAttribute('href');
    const listings: string[] = [];
    page.on('request', (call) => {
      if (call.url().includes('/api/serviceFiles/')) listings.push(call.url());
    });
    await page.clock.fastForward('11:00');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(listings.length).toBeGreaterThan(0);
    expect(await file.failure()).toBeNull();

    // A link someone cut short opens an explanation, not the API's JSON.
    await page.goto(`${before?.slice(0, -3)}`);
    await expect(page).toHaveURL(/\/link-problem\?reason=invalid$/);
    await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  });

  test('a level of more than 50 files shows the newest 50 and loads the rest on asking', async ({ page, request }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', 'Manyfiles', [firm.gst]);
    const upload = (index: number) =>
      request.post('/api/folder/uploadFile', {
        headers: { authorization: `Bearer ${firm.token}` },
        multipart: {
          client_id: String(client.id),
          service_id: String(firm.gst),
          folder_id: '',
          is_deleted: '0',
          file: {
            name: `invoice-${String(index).padStart(2, '0')}.pdf`,
            mimeType: 'application/pdf',
            buffer: PDF_BYTES,
          },
        },
      });
    // Set up through the API: the two oldest one after the other (they must be the ones left for Load more),
    // then the rest a few at a time, in whatever order they finish: the journey is about reading them.
    for (const index of [1, 2]) expect((await upload(index)).status()).toBe(201);
    for (let start = 3; start <= 52; start += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, (_, offset) => upload(start + offset)));
      for (const response of batch) expect(response.status()).toBe(201);
    }
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/client/file/${client.id}/${firm.gst}`);
    const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^Download invoice-/ }) });
    await expect(rows).toHaveCount(50);
    await expect(page.getByRole('link', { name: 'Download invoice-52.pdf' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download invoice-01.pdf' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Load more files' }).click();
    await expect(rows).toHaveCount(52);
    await expect(page.getByRole('link', { name: 'Download invoice-01.pdf' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more files' })).toHaveCount(0);
  });
});
