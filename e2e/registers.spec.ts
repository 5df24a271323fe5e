import { expect, signIn, test } from './support/fixtures';
import { createFirmWithGstWork, listWork } from './support/people';

/** A date `days` from today in India, as the API takes it and as the screens show it. */
function indianDate(days: number) {
  const iso = new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  return { iso, shown: `${day}/${month}/${year}` };
}

test.describe('the registers', () => {
  test('an MPC adds a client’s DSC, records it in and out of custody, sees it expiring; a UDIN reaches the register', async ({
    page,
    request,
  }) => {
    const { firm, client, suffix } = await createFirmWithGstWork(request, { pc: 'Keeper', client: 'Tokenco' });
    const [item] = await listWork(request, firm.token);
    const today = indianDate(0);
    const expiry = indianDate(20);

    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/client/detail/${client.id}`);
    const section = page.getByRole('table', { name: 'Digital signature certificates' });
    await page.getByRole('button', { name: 'Add DSC' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add DSC' });
    await dialog.getByLabel('Holder name').fill(`Asha Tokenco${suffix}`);
    await dialog.getByLabel('Issued by (certifying authority)').fill('eMudhra');
    await dialog.getByLabel('Valid until').fill(expiry.shown);
    await dialog.getByLabel('Kept by').selectOption('client');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
    const row = section.getByRole('row').filter({ hasText: `Asha Tokenco${suffix}` });
    await expect(row.getByText('Expires in 20 days')).toBeVisible();
    await expect(row.getByText('With the client')).toBeVisible();

    // In to the firm, then out to the client's accountant, each with its date and who.
    await row.getByRole('button', { name: /^Custody in/ }).click();
    const custody = page.getByRole('dialog');
    await expect(custody.getByLabel('Date')).toHaveValue(today.shown);
    await custody.getByLabel('Received from').fill('Asha');
    await custody.getByRole('button', { name: 'Record' }).click();
    await expect(row.getByText(`With the firm since ${today.shown}`)).toBeVisible();
    await row.getByRole('button', { name: /^Custody out/ }).click();
    await custody.getByLabel('Handed to').fill('Ravi, the client’s accountant');
    await custody.getByRole('button', { name: 'Record' }).click();
    await expect(row.getByText(`With the client since ${today.shown}`)).toBeVisible();

    // The dashboard counts it among the DSCs expiring in 30 days.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByLabel('DSCs expiring in 30 days').getByRole('link')).toHaveText('1');

    // A UDIN on the GSTR-3B, then the UDIN register shows it.
    await page.goto(`/mpc/work/${item?.id}`);
    await page.getByLabel('Signed on').fill(today.shown);
    await page.getByLabel('UDIN').fill('26123456abcdef1234');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Work item saved.' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Registers' }).click();
    const udinRow = page
      .getByRole('table', { name: 'UDIN register' })
      .getByRole('row')
      .filter({ hasText: item?.title as string });
    await expect(udinRow.getByText('26123456ABCDEF1234')).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: 'DSC register' })
        .getByRole('row')
        .filter({ hasText: `Asha Tokenco${suffix}` }),
    ).toBeVisible();
  });
});
