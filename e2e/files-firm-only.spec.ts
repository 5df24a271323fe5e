import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs, PDF_BYTES } from './support/people';

test.describe('files only the firm sees', () => {
  test('staff mark a file firm-only and the client no longer sees it', async ({ page, request }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', 'Hiddenclient', [firm.gst]);
    const headers = { authorization: `Bearer ${firm.token}` };
    for (const name of ['engagement-letter.pdf', 'working-paper.pdf']) {
      const uploaded = await request.post('/api/folder/uploadFile', {
        headers,
        multipart: {
          client_id: String(client.id),
          service_id: String(firm.gst),
          is_deleted: '0',
          file: { name, mimeType: 'application/pdf', buffer: PDF_BYTES },
        },
      });
      expect(uploaded.status()).toBe(201);
    }

    // The MPC marks the working paper firm-only: the list says so, and the change is the server's.
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/client/file/${client.id}/${firm.gst}`);
    const paper = page.getByRole('row').filter({ hasText: 'working-paper.pdf' });
    await expect(paper.getByText('Firm only')).toHaveCount(0);
    await page.getByRole('button', { name: 'Make working-paper.pdf firm-only' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('The client will no longer see working-paper.pdf.');
    await dialog.getByRole('button', { name: 'Make firm-only' }).click();
    await expect(dialog).toBeHidden();
    await expect(paper.getByText('Firm only')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share working-paper.pdf with the client' })).toBeVisible();

    // The client: the letter, never the working paper, in its files and its recent files.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    const recent = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Recent Files' }) });
    await expect(recent.getByRole('link', { name: 'engagement-letter.pdf' })).toBeVisible();
    await expect(recent.getByText('working-paper.pdf')).toHaveCount(0);
    await page.goto(`/client/file/${firm.gst}`);
    await expect(page.getByRole('cell', { name: /^engagement-letter\.pdf/ })).toBeVisible();
    await expect(page.getByText('working-paper.pdf')).toHaveCount(0);
    // Nor does the client get to choose who sees what it adds.
    await page.getByRole('button', { name: 'Add File' }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Upload' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Who sees it?' })).toHaveCount(0);
  });
});
