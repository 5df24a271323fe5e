import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, signIn, test } from './support/fixtures';
import { apiToken, createFirm, createFolderWithFile, createUserAs } from './support/people';

/**
 * The firm owner's Activity (issue 12): who looked at which client's documents, filtered by a client,
 * downloaded as CSV; and a client's own activity on its page, on a phone. The firm, its clients and
 * their files are made through the API.
 */
test.describe('activity', () => {
  let firm: Awaited<ReturnType<typeof createFirm>>;
  let asha: Awaited<ReturnType<typeof createUserAs>>;
  let ravi: Awaited<ReturnType<typeof createUserAs>>;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    firm = await createFirm(request);
    asha = await createUserAs(request, firm.token, 'client', 'Ashaact', [firm.gst]);
    ravi = await createUserAs(request, firm.token, 'client', 'Raviact', [firm.gst]);
    await createFolderWithFile(
      request,
      firm.token,
      { clientId: asha.id, serviceId: firm.gst },
      { folder: 'Returns', file: 'itr-v.pdf', clientCanDelete: false },
    );
    // Ravi signs in and opens his files: events of the firm that are not about Asha.
    const raviToken = await apiToken(request, ravi.email, ravi.password);
    const opened = await request.get(`/api/serviceFiles/${ravi.id}/${firm.gst}`, {
      headers: { authorization: `Bearer ${raviToken}` },
    });
    expect(opened.status()).toBe(200);
    await request.dispose();
  });

  const rowsOf = (page: Page) => page.getByRole('table', { name: 'Activity' }).locator('tbody tr');

  test('the MPC filters its Activity by a client and downloads it as CSV', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.getByRole('link', { name: 'Activity' }).click();
    await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
    await expect(rowsOf(page).filter({ hasText: 'Raviact Demo' }).first()).toBeVisible();

    await page.getByLabel('Client').selectOption({ label: `Ashaact Demo (${asha.username})` });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`client_id=${asha.id}`));
    const upload = rowsOf(page).filter({ hasText: 'Uploaded a file' });
    await expect(upload).toContainText('File itr-v.pdf');
    await expect(upload).toContainText('Ashaact Demo');
    await expect(rowsOf(page).filter({ hasText: 'Raviact' })).toHaveCount(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await file.path(), 'utf8');
    expect(csv).toContain('Uploaded a file');
    expect(csv).not.toContain('Raviact');
  });

  test('a date typed wrong is refused under its field', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto('/mpc/activity');
    await page.getByLabel('From').fill('31/02/2026');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByLabel('From')).toHaveAccessibleDescription('Enter a date as dd/mm/yyyy.');
    await expect(page).toHaveURL(/\/mpc\/activity$/);
  });

  test.describe('on a 390 px phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("a client's page shows its activity, and the Activity screen fits", async ({ page }) => {
      await signIn(page, firm.mpc.email, firm.mpc.password);
      await expect(page).toHaveURL(/\/mpc\/dashboard$/);
      await page.goto(`/mpc/client/detail/${asha.id}`);
      const section = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Activity' }) });
      await expect(section.getByRole('table', { name: 'Client activity' })).toContainText('Uploaded a file');
      for (const screen of [`/mpc/client/detail/${asha.id}`, `/mpc/activity?client_id=${asha.id}`]) {
        await page.goto(screen);
        await expect(page.locator('h1').first()).toBeVisible();
        await expect(page.getByRole('cell', { name: 'Uploaded a file' }).first()).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect([screen, overflow]).toEqual([screen, 0]);
      }
    });
  });
});
