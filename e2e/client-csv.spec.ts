import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs, uniqueSuffix } from './support/people';

/**
 * Clients in and out as CSV (issue 13): the MPC downloads the template, imports a file with one bad row,
 * sees that row's error, fixes it and imports, and the new clients are in the list; the list with a
 * filter exports just its rows, on a phone too; the PC list exports as well. The firm is made through the API.
 */
test.describe('clients as CSV', () => {
  let firm: Awaited<ReturnType<typeof createFirm>>;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    firm = await createFirm(request);
    await createUserAs(request, firm.token, 'pc', 'Pcexport');
    await request.dispose();
  });

  const readDownload = async (download: Promise<Download>) => {
    const file = await download;
    return { name: file.suggestedFilename(), text: fs.readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '') };
  };
  /** A file of the template's columns: the header line, then each row's cells by column name. */
  const fileOf = (header: string, rows: Record<string, string>[]) => {
    const columns = header.split(',');
    const lines = rows.map((row) => columns.map((column) => row[column] ?? '').join(','));
    return { name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(`${[header, ...lines].join('\r\n')}\r\n`) };
  };
  const client = (first: string, email: string) => ({
    first_name: first,
    last_name: 'Csv',
    email,
    mobile_number: '9876543210',
    pincode: '560001',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'IN',
    services: 'GST Filing',
  });
  const openClients = async (page: Page) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto('/mpc/client');
    await expect(page.getByRole('heading', { name: 'Clients List' })).toBeVisible();
  };

  test('the MPC imports clients from the template, fixing the row the dry run found wrong', async ({ page }) => {
    const suffix = uniqueSuffix();
    await openClients(page);
    await page.getByRole('button', { name: 'Import clients' }).click();
    const panel = page.getByRole('region', { name: 'Import clients' });
    const template = await readDownload(
      Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('button', { name: 'Download the template' }).click(),
      ]).then(([download]) => download),
    );
    expect(template.name).toBe('clients-template.csv');
    const header = template.text.split('\r\n')[0] as string;
    expect(header.startsWith('first_name,last_name,email,mobile_number')).toBe(true);

    const good = client(`Tara${suffix}`, `tara.${suffix}@firm.test`);
    const bad = client(`Veer${suffix}`, 'veer-at-firm');
    await panel.getByLabel('CSV file').setInputFiles(fileOf(header, [good, bad]));
    await panel.getByRole('button', { name: 'Dry run' }).click();
    await expect(panel.getByRole('alert')).toContainText('2 rows checked: 1 ready, 1 with errors');
    const errors = panel.getByRole('table', { name: 'Errors in the file' });
    await expect(errors.locator('tbody tr')).toHaveCount(1);
    await expect(errors.locator('tbody tr').first()).toContainText('3');
    await expect(errors.locator('tbody tr').first()).toContainText('email');
    await expect(errors.locator('tbody tr').first()).toContainText('Invalid email');
    await expect(panel.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await expectAccessible(page, 'client import with a row error');

    const fixed = { ...bad, email: `veer.${suffix}@firm.test` };
    await panel.getByLabel('CSV file').setInputFiles(fileOf(header, [good, fixed]));
    await panel.getByRole('button', { name: 'Dry run' }).click();
    await expect(panel.getByRole('alert')).toContainText('All 2 rows are ready to import.');
    await panel.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 clients imported.' })).toBeVisible();
    const list = page.getByRole('table', { name: 'Clients List' });
    await expect(list).toContainText(`Tara${suffix} Csv`);
    await expect(list).toContainText(`Veer${suffix} Csv`);
  });

  test('the list exports just the rows its filter shows, on a phone, and the PC list exports too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const suffix = uniqueSuffix();
    const request = page.request;
    const headers = { authorization: `Bearer ${firm.token}` };
    for (const first of [`Kiran${suffix}`, `Leela${suffix}`]) {
      const created = await request.post(`${E2E_BASE_URL}/api/user/import`, {
        headers: { ...headers, 'content-type': 'text/csv' },
        data: `first_name,last_name,email,mobile_number,pincode,city,state,country,services\r\n${first},Csv,${first.toLowerCase()}@firm.test,9876543210,560001,Pune,Maharashtra,IN,GST Filing\r\n`,
      });
      expect(created.status()).toBe(201);
    }
    await openClients(page);
    await page.getByLabel('Search', { exact: true }).fill(`Kiran${suffix}`);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByRole('table', { name: 'Clients List' })).toContainText(`Kiran${suffix}`);
    const exported = await readDownload(
      Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]).then(
        ([download]) => download,
      ),
    );
    expect(exported.name).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = exported.text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Kiran${suffix}`);
    expect(exported.text).not.toContain(`Leela${suffix}`);

    // The import's errors stack on a phone: nothing scrolls sideways.
    await page.getByRole('button', { name: 'Import clients' }).click();
    const panel = page.getByRole('region', { name: 'Import clients' });
    await panel.getByLabel('CSV file').setInputFiles({
      name: 'clients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'first_name,email,mobile_number,pincode,city,state,country,services,surname\r\nA,b,c,d,e,f,g,h,i\r\n',
      ),
    });
    await panel.getByRole('button', { name: 'Dry run' }).click();
    await expect(panel.getByRole('table', { name: 'Errors in the file' })).toContainText('surname');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto('/mpc/pc');
    await expect(page.getByRole('table', { name: 'PCs List' })).toContainText('Pcexport');
    const pcs = await readDownload(
      Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]).then(
        ([download]) => download,
      ),
    );
    expect(pcs.name).toMatch(/^pcs-/);
    expect(pcs.text).toContain('Pcexport');
    await expect(page.getByRole('button', { name: 'Import clients' })).toHaveCount(0);
  });
});
