import { readFile } from 'node:fs/promises';
import { fileFeeBearingWork, saveBillingProfile } from './support/billing';
import { expect, signIn, test } from './support/fixtures';
import { adminToken, createFirmWithGstWork } from './support/people';

test.describe('ready to bill and the reports', () => {
  test('a filed item with a per-item fee is billed from Ready to bill into a draft with its line; the figures and a report follow', async ({
    page,
    request,
  }) => {
    const { firm, client } = await createFirmWithGstWork(request, { pc: 'Readypc', client: 'Readyclient' });
    await saveBillingProfile(request, firm.token);
    const item = await fileFeeBearingWork(
      request,
      { admin: await adminToken(request), mpc: firm.token },
      { gst: firm.gst, clientId: client.id },
    );

    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    // The dashboard's figures: the filed item's fee waits to be billed.
    await expect(page.getByRole('group', { name: 'Billing figures' }).getByLabel('Ready to bill')).toContainText(
      '₹2,500.00',
    );
    await page.getByRole('link', { name: 'Billing' }).first().click();
    await page
      .getByRole('navigation', { name: 'Billing sections' })
      .getByRole('link', { name: 'Ready to bill' })
      .click();
    const work = page.getByRole('table', { name: 'Work items' });
    const row = work.getByRole('row', { name: new RegExp(item.title) });
    await expect(row).toContainText('₹2,500.00');
    await expect(row).toContainText('Filed');
    await row.getByRole('checkbox').check();
    await expect(page.getByTestId('ready-total')).toHaveText('1 chosen, ₹2,500.00 before GST');
    await page.getByRole('button', { name: 'Create drafts' }).click();
    await page.getByRole('link', { name: /^Draft #\d+ for Readyclient/ }).click();

    await expect(page).toHaveURL(/\/mpc\/billing\/invoices\/\d+$/);
    const lines = page.getByRole('table', { name: 'Lines' });
    await expect(lines.getByRole('row', { name: new RegExp(item.title) })).toContainText('998231');
    await page.goto('/mpc/billing/ready');
    await expect(page.getByRole('table', { name: 'Work items' })).toContainText(
      'No filed or completed work waits to be billed',
    );

    // Reports: a CSV of what was billed this financial year, by service (the draft is not billed yet).
    await page.getByRole('navigation', { name: 'Billing sections' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByLabel('Outstanding')).toContainText('₹0.00');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'By service (CSV)' }).click();
    const download = await downloading;
    const text = await readFile((await download.path()) as string, 'utf8');
    expect(text.split(/\r?\n/)[0]).toMatch(/^\uFEFF?Service,Invoices,Taxable value,Tax,Billed,Collected$/);
  });
});
