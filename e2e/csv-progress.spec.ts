import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, signIn, test } from './support/fixtures';
import { createFirm, uniqueSuffix } from './support/people';

/**
 * CSV on a slow connection (issue 26): the import shows its file's bytes leaving and then what the server
 * does with them; the export says how many rows it fetches and how much has arrived. The connection is
 * slowed by Chromium itself (DevTools network conditions); the server and its answers are the real ones.
 */
const HEADER = 'first_name,last_name,email,mobile_number,pincode,city,state,country,services';
const rowsOf = (suffix: string, count: number) =>
  Array.from(
    { length: count },
    (_, index) =>
      `Slow${suffix}n${index},Csvprogress,slow.${suffix}.${index}@firm.test,9876543210,560001,Bengaluru,Karnataka,IN,GST Filing`,
  );

/** Every text the page's live regions show, in order: a step may pass quicker than an assertion polls. */
async function recordStatuses(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { statuses: string[] }).statuses = seen;
    new MutationObserver(() => {
      document.querySelectorAll('[role="status"]').forEach((region) => {
        const text = region.textContent ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      });
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const readStatuses = (page: Page) => page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);

async function slowDown(page: Page, bytesPerSecond: number) {
  const devTools = await page.context().newCDPSession(page);
  await devTools.send('Network.enable');
  await devTools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

test('on a slow connection the import shows its bytes leaving and the export the rows arriving', async ({ page }) => {
  const suffix = uniqueSuffix();
  const firm = await createFirm(page.request);
  // Clients enough that their CSV takes seconds at 12 kB/s both ways.
  const created = await page.request.post(`${E2E_BASE_URL}/api/user/import`, {
    headers: { authorization: `Bearer ${firm.token}`, 'content-type': 'text/csv' },
    data: `${[HEADER, ...rowsOf(`${suffix}a`, 40)].join('\r\n')}\r\n`,
  });
  expect(created.status()).toBe(201);

  await signIn(page, firm.mpc.email, firm.mpc.password);
  await expect(page).toHaveURL(/\/mpc\/dashboard$/);
  await page.goto('/mpc/client');
  await expect(page.getByRole('heading', { name: 'Clients List' })).toBeVisible();
  await slowDown(page, 12_000);

  await page.getByRole('button', { name: 'Import clients' }).click();
  const panel = page.getByRole('region', { name: 'Import clients' });
  await panel.getByLabel('CSV file').setInputFiles({
    name: 'clients.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${[HEADER, ...rowsOf(`${suffix}b`, 200)].join('\r\n')}\r\n`),
  });
  await recordStatuses(page);
  await panel.getByRole('button', { name: 'Dry run' }).click();
  await expect(panel.getByRole('alert')).toContainText('All 200 rows are ready to import.');
  await expect(panel.getByRole('status')).toHaveText('');
  const checking = await readStatuses(page);
  const sending = checking.findIndex((text) => /^Sending the file: [\d.]+ KB of [\d.]+ KB$/.test(text));
  expect(sending, checking.join(' | ')).toBeGreaterThanOrEqual(0);
  expect(checking.indexOf('Checking every row…')).toBeGreaterThan(sending);

  const exporting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await exporting;
  expect(file.suggestedFilename()).toMatch(/^clients-/);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  const downloading = await readStatuses(page);
  expect(downloading).toContain('Preparing 40 rows…');
  expect(downloading.some((text) => /^Downloading 40 rows: [\d.]+ KB received$/.test(text))).toBe(true);
});
