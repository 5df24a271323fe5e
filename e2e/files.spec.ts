import { expect, signIn, test } from './support/fixtures';
import { apiToken, createFirm, createUserAs, PDF_BYTES } from './support/people';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

test.describe('client files', () => {
  test('staff keep a client’s documents per service: folders, several files at once, preview, download', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', 'Fileclient', [firm.gst, firm.itr]);

    // The MPC: service tiles, a folder path two levels deep, two files at once, a preview, the breadcrumb.
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto('/mpc/client');
    await page.getByRole('link', { name: /Service files of Fileclient/ }).click();
    await expect(page).toHaveURL(new RegExp(`/mpc/client/file/${client.id}$`));
    await page.getByRole('link', { name: 'GST Filing' }).click();
    await expect(page.getByText('No folders or files yet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Files of Fileclient Demo' })).toBeVisible();
    await expect(page).toHaveTitle('GST Filing · Fileclient Demo · Files · Practice Portal');
    await page.getByRole('button', { name: 'Add Folder' }).click();
    const folderDialog = page.getByRole('dialog');
    await folderDialog.getByRole('button', { name: 'Save' }).click();
    await expect(folderDialog.getByText('Please enter folder name', { exact: true })).toBeVisible();
    await folderDialog.getByPlaceholder('Please enter folder name').fill('Returns');
    await folderDialog.getByRole('button', { name: 'Save' }).click();
    await expect(folderDialog).toBeHidden();
    await page.getByRole('link', { name: 'Returns' }).click();
    await expect(page.getByText('This folder is empty.')).toBeVisible();
    await page.getByRole('button', { name: 'Add Folder' }).click();
    await folderDialog.getByPlaceholder('Please enter folder name').fill('2024-25');
    await folderDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('link', { name: '2024-25' }).click();
    await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText(
      'ServicesGST FilingReturns2024-25',
    );

    await page.getByRole('button', { name: 'Add File' }).click();
    const uploadDialog = page.getByRole('dialog');
    await uploadDialog.getByRole('button', { name: 'Upload' }).click();
    await expect(uploadDialog.getByText('Please select file')).toBeVisible();
    await uploadDialog.getByLabel('Files to upload').setInputFiles([
      { name: 'itr-v.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES },
      { name: 'form16.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await uploadDialog.getByRole('button', { name: 'Upload' }).click();
    await expect(uploadDialog.getByText('Please choose whether the client can delete this file.')).toBeVisible();
    await uploadDialog.getByRole('radio', { name: 'No' }).check();
    await uploadDialog.getByLabel('Note for itr-v.pdf').fill('Filed copies');
    await uploadDialog.getByLabel('Note for form16.png').fill('From the employer');
    await uploadDialog.getByRole('button', { name: 'Upload' }).click();
    await expect(uploadDialog.getByLabel('Progress of itr-v.pdf')).toHaveText('100%');
    await expect(uploadDialog.getByLabel('Progress of form16.png')).toHaveText('100%');
    await uploadDialog.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('cell', { name: /^itr-v\.pdf/ })).toContainText('Filed copies');
    await expect(page.getByRole('cell', { name: /^form16\.png/ })).toContainText('From the employer');

    await page.getByRole('button', { name: 'Preview itr-v.pdf' }).click();
    // The frame shows a local copy: the server's inline answer is sandboxed and may not be framed.
    const frame = page.getByTitle('Preview of itr-v.pdf');
    await expect(frame).toHaveAttribute('src', /^blob:/);
    // The frame navigates to the blob a moment after its src is set.
    await expect.poll(() => page.frames().some((candidate) => candidate.url().startsWith('blob:'))).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Preview form16.png' }).click();
    await expect(page.getByRole('img', { name: 'Preview of form16.png' })).toHaveJSProperty('naturalWidth', 1);
    await page.keyboard.press('Escape');
    const download = await page.getByRole('link', { name: 'Download itr-v.pdf' }).getAttribute('href');
    const fetched = await request.get(download as string);
    expect(Buffer.from(await fetched.body()).equals(PDF_BYTES)).toBe(true);

    await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'Returns' }).click();
    await expect(page.getByRole('link', { name: '2024-25' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'Services' }).click();
    await expect(page.getByRole('link', { name: 'ITR Filing' })).toBeVisible();
  });

  // Set up through the API what the first journey built by hand, so each journey stays short.
  test('the client sees the staff’s files, adds and deletes its own but not one marked No; an assigned PC sees its service only', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', 'Fileclient', [firm.gst, firm.itr]);
    const pc = await createUserAs(request, firm.token, 'pc', 'Filepc');
    const headers = { authorization: `Bearer ${firm.token}` };
    await request.post('/api/service/assignPC', {
      headers,
      data: { client_id: client.id, service_id: firm.itr, pc_id: pc.id },
    });
    const returns = await (
      await request.post('/api/folder/create', {
        headers,
        data: { folder_name: 'Returns', client_id: client.id, service_id: firm.gst, folder_id: '' },
      })
    ).json();
    const year = await (
      await request.post('/api/folder/create', {
        headers,
        data: { folder_name: '2024-25', client_id: client.id, service_id: firm.gst, folder_id: returns.data.folder_id },
      })
    ).json();
    const uploaded = await request.post('/api/folder/uploadFile', {
      headers,
      multipart: {
        client_id: String(client.id),
        service_id: String(firm.gst),
        folder_id: String(year.data.folder_id),
        is_deleted: '0',
        file: { name: 'itr-v.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES },
      },
    });
    expect(uploaded.status()).toBe(201);

    // The client: the same files, its own upload and delete, but not a file marked No.
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    const recent = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Recent Files' }) });
    await expect(recent.getByRole('link', { name: 'itr-v.pdf' })).toBeVisible();
    await page.getByRole('link', { name: 'Files', exact: true }).click();
    await expect(page).toHaveURL(/\/client\/file$/);
    await page.getByRole('link', { name: 'GST Filing' }).click();
    // The staff's folder: no Delete for the client (the server's permissions decide what is offered).
    await expect(page.getByRole('link', { name: 'Returns' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete folder Returns' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Returns' }).click();
    await page.getByRole('link', { name: '2024-25' }).click();
    await expect(page.getByRole('cell', { name: /^itr-v\.pdf/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete itr-v.pdf' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add File' }).click();
    await page
      .getByRole('dialog')
      .getByLabel('Files to upload')
      .setInputFiles({ name: 'pan.png', mimeType: 'image/png', buffer: PNG });
    // A client is not asked whether it may delete its own upload.
    await expect(page.getByRole('dialog').getByText('Can Client Delete?')).toHaveCount(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('dialog').getByLabel('Progress of pan.png')).toHaveText('100%');
    await page.getByRole('dialog').locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Delete pan.png' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('cell', { name: /^pan\.png/ })).toHaveCount(0);
    const clientToken = await apiToken(request, client.email, client.password);
    const listing = await request.get(`/api/folders/${client.id}/${firm.gst}`, {
      headers: { authorization: `Bearer ${clientToken}` },
    });
    expect(listing.ok()).toBe(true);

    // A PC assigned to ITR sees ITR only.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, pc.email, pc.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    const pcToken = await apiToken(request, pc.email, pc.password);
    const gstFolders = await request.get(`/api/folders/${client.id}/${firm.gst}`, {
      headers: { authorization: `Bearer ${pcToken}` },
    });
    expect(gstFolders.status()).toBe(404);
    // Its tiles offer ITR alone: no tile that would open on "Client or service not found."
    await page.goto(`/pc/client/file/${client.id}`);
    await expect(page.getByRole('link', { name: 'ITR Filing' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'GST Filing' })).toHaveCount(0);
    await page.goto(`/pc/client/file/${client.id}/${firm.itr}`);
    await expect(page.getByText('No folders or files yet.')).toBeVisible();
    await page.goto(`/pc/client/file/${client.id}/${firm.gst}`);
    await expect(page.getByRole('alert')).toContainText('Client or service not found.');
  });
});
