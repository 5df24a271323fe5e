import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs, PDF_BYTES } from './support/people';

// A phone's width: the search box, its results and their links fit (docs/decisions/0057-file-search.md).
test.use({ viewport: { width: 390, height: 844 } });

test.describe('files searched by name', () => {
  test('staff upload a file, find it by a piece of its name and open its folder', async ({ page, request }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', 'Searchclient', [firm.gst]);
    const name = `Form26AS-${Date.now()}.pdf`;

    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/client/file/${client.id}/${firm.gst}`);
    await page.getByRole('button', { name: 'Add Folder' }).click();
    const folderDialog = page.getByRole('dialog');
    await folderDialog.getByPlaceholder('Please enter folder name').fill('Tax credits');
    await folderDialog.getByRole('button', { name: 'Save' }).click();
    await expect(folderDialog).toBeHidden();
    await page.getByRole('link', { name: 'Tax credits' }).click();
    await page.getByRole('button', { name: 'Add File' }).click();
    const uploadDialog = page.getByRole('dialog');
    await uploadDialog
      .getByLabel('Files to upload')
      .setInputFiles([{ name, mimeType: 'application/pdf', buffer: PDF_BYTES }]);
    await uploadDialog.getByRole('radio', { name: 'No' }).check();
    await uploadDialog.getByRole('button', { name: 'Upload' }).click();
    await expect(uploadDialog.getByLabel(`Progress of ${name}`)).toHaveText('100%');
    await uploadDialog.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();

    // From the service tiles: a piece from the middle of the name, in another case.
    await page.goto(`/mpc/client/file/${client.id}`);
    await page.getByLabel("Search this client's files").fill('26as');
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('list', { name: 'Files found' });
    const found = results.getByRole('listitem').filter({ hasText: name });
    await expect(found.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(found).toContainText(/GST Filing · Tax credits · .* · \d{2}\/\d{2}\/\d{4}/);
    const box = await found.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, `result at ${JSON.stringify(box)}`).toBe(true);
    await expectAccessible(page, 'file search results, 390 px');

    await found.getByRole('link', { name: `Open folder of ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/mpc/client/file/${client.id}/${firm.gst}/\\d+$`));
    await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText('Tax credits');
    await expect(page.getByRole('heading', { name: 'Tax credits' })).toBeVisible();
    // The results stay above the folder until cleared; the folder itself lists the file.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(results).toBeHidden();
    await expect(page.getByText(name)).toBeVisible();
  });
});
