import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { createFirm, createFolderWithFile, createUserAs, PDF_BYTES } from './support/people';
import { expectNoSidewaysScroll } from './support/phone-layout';

/** Today as the portal shows dates: dd/mm/yyyy in India's time. */
const today = () =>
  new Date().toLocaleDateString('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });

/** A firm's client with one file at its GST service's top level, uploaded by the MPC. */
async function createClientWithFile(request: APIRequestContext, fileName: string) {
  const firm = await createFirm(request);
  const client = await createUserAs(request, firm.token, 'client', 'Trashclient', [firm.gst]);
  const uploaded = await request.post('/api/folder/uploadFile', {
    headers: { authorization: `Bearer ${firm.token}` },
    multipart: {
      client_id: String(client.id),
      service_id: String(firm.gst),
      is_deleted: '0',
      file: { name: fileName, mimeType: 'application/pdf', buffer: PDF_BYTES },
    },
  });
  expect(uploaded.status()).toBe(201);
  return { firm, client };
}

test.describe('the trash of a service', () => {
  test('staff delete a file, open the trash and restore it: it is back in the list', async ({ page, request }) => {
    const { firm, client } = await createClientWithFile(request, 'form-16-fy-2024-25.pdf');
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/client/file/${client.id}/${firm.gst}`);
    const row = page.getByRole('row').filter({ hasText: 'form-16-fy-2024-25.pdf' });
    await row.getByRole('button', { name: 'Delete form-16-fy-2024-25.pdf' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('It goes to the trash');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);

    await page.getByRole('link', { name: 'Trash' }).click();
    await expect(page).toHaveURL(/\?view=trash$/);
    await expect(page.getByRole('heading', { name: 'Trash', exact: true })).toBeVisible();
    await expect(page.getByText('Deleted files and folders stay here for 30 days')).toBeVisible();
    const entry = page.getByRole('row').filter({ hasText: 'form-16-fy-2024-25.pdf' });
    await expect(entry.getByRole('cell', { name: 'Top level' })).toBeVisible();
    await expect(entry.getByRole('cell', { name: /^Firm Owner/ })).toBeVisible();
    await expect(entry.getByRole('cell', { name: today() })).toBeVisible();
    await expect(entry.getByRole('cell', { name: '30', exact: true })).toBeVisible();
    await expectAccessible(page, 'a service’s trash');

    await entry.getByRole('button', { name: 'Restore form-16-fy-2024-25.pdf' }).click();
    await expect(page.getByText('form-16-fy-2024-25.pdf restored.')).toBeVisible();
    await expect(entry).toHaveCount(0);
    await expect(page.getByText('The trash is empty.')).toBeVisible();
    await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'GST Filing' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'form-16-fy-2024-25.pdf' })).toBeVisible();
  });

  test.describe('at 390 px wide', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the trash fits a phone, its actions on screen, and axe finds nothing serious', async ({ page, request }) => {
      const { firm, client } = await createClientWithFile(request, 'top.pdf');
      const headers = { authorization: `Bearer ${firm.token}` };
      const folderId = await createFolderWithFile(
        request,
        firm.token,
        { clientId: client.id, serviceId: firm.gst },
        {
          folder: 'Returns of the assessment year 2025-26 with every annexure',
          file: 'gstr-3b-april-2026-acknowledgement-with-a-long-name.pdf',
          clientCanDelete: false,
        },
      );
      const listed = await request.get(`/api/fileFolder/${client.id}/${firm.gst}/${folderId}`, { headers });
      const fileId = (await listed.json()).data.files[0].file_id as number;
      expect((await request.delete(`/api/file/remove/${fileId}`, { headers })).status()).toBe(200);
      expect((await request.delete(`/api/folder/remove/${folderId}`, { headers })).status()).toBe(200);

      await signIn(page, firm.mpc.email, firm.mpc.password);
      await expect(page).toHaveURL(/\/mpc\/dashboard$/);
      await page.goto(`/mpc/client/file/${client.id}/${firm.gst}?view=trash`);
      const restore = page.getByRole('button', {
        name: 'Restore gstr-3b-april-2026-acknowledgement-with-a-long-name.pdf',
      });
      await expect(restore).toBeVisible();
      await expectNoSidewaysScroll(page, 'a service’s trash');
      for (const action of [restore, page.getByRole('button', { name: /^Delete Returns of the .* for good$/ })]) {
        await action.scrollIntoViewIfNeeded();
        const box = await action.boundingBox();
        expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      }
      await expectAccessible(page, 'a service’s trash, on a phone');
    });
  });
});
