import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs, field, uniqueSuffix } from './support/people';

test.describe('Executor area', () => {
  test('an executor completes its registration on first sign-in, then adds a client', async ({ page, request }) => {
    const firm = await createFirm(request);
    const executor = await createUserAs(request, firm.token, 'executor', 'Execone');
    await signIn(page, executor.email, executor.password);
    await expect(page).toHaveURL(/\/registration$/);
    await expect(page.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/executor\/dashboard$/);
    for (const tab of ['Dashboard', 'Client', 'Files']) {
      await expect(
        page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: tab, exact: true }),
      ).toBeVisible();
    }

    await page.getByRole('link', { name: 'Client', exact: true }).click();
    await page.getByRole('button', { name: 'Add Client' }).click();
    const suffix = uniqueSuffix();
    const form = page.locator('form').first();
    await field(form, 'First name').fill(`Walkin${suffix}`);
    await field(form, 'Last name').fill('Client');
    await field(form, 'Email').fill(`walkin.${suffix}@client.test`);
    await field(form, 'Mobile number').fill('+44 7911 123456');
    await field(form, 'Password').fill('Secret@123');
    await field(form, 'Country').selectOption('GB');
    await field(form, 'Pincode').fill('SW1A 1AA');
    await field(form, 'City').fill('London');
    await field(form, 'State').fill('England');
    await form.getByRole('checkbox', { name: 'GST Filing', exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User created successfully.' })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(`walkin.${suffix}@client.test`) });
    await expect(row.getByRole('cell', { name: '+447911123456' })).toBeVisible();
  });
});
