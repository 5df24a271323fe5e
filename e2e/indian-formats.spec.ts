import { expect, signIn, test } from './support/fixtures';
import { createFirm, field, uniqueSuffix } from './support/people';

test.describe('Indian formats and businesses', () => {
  test('a private company is added by its legal name with its CIN and date of incorporation typed dd/mm/yyyy', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto('/mpc/client');
    await page.getByRole('button', { name: 'Add Client' }).click();
    const form = page.locator('form').filter({ has: page.getByLabel(/^Client status/) });
    await field(form, 'Client status').selectOption({ label: 'Company Private' });
    await expect(field(form, 'Legal name')).toBeVisible();
    await expect(form.getByLabel('Last name (optional)')).toBeVisible();
    const suffix = uniqueSuffix();
    await field(form, 'Legal name').fill(`Meena Traders ${suffix} Private Limited`);
    await field(form, 'Email').fill(`accounts.${suffix}@meena.test`);
    await field(form, 'Mobile number').fill('+91 98200 10003');
    await field(form, 'Password').fill('Secret@123');

    // A pincode that is not one, then one that is not known, each says so under the field.
    const pincode = field(form, 'Pincode');
    await pincode.fill('12345');
    await pincode.blur();
    await expect(pincode).toHaveAccessibleDescription('Enter a valid 6-digit pincode.');
    await pincode.fill('999999');
    await pincode.blur();
    await expect(pincode).toHaveAccessibleDescription(
      'This pincode was not found. Check it, or fill in city and state yourself.',
    );
    await pincode.fill('400001');
    await pincode.blur();
    await expect(field(form, 'State')).not.toHaveValue('');
    await form.getByRole('checkbox', { name: 'GST Filing', exact: true }).check();

    const company = page.getByRole('group', { name: 'Company details' });
    await company.getByLabel('CIN').fill('u51909mh2019ptc123456');
    const incorporated = company.getByLabel('Date of incorporation');
    await expect(incorporated).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await incorporated.fill('31/02/2019');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(incorporated).toHaveAccessibleDescription('Enter a date as dd/mm/yyyy.');
    await incorporated.fill('14/07/2019');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User created successfully.' })).toBeVisible();

    const row = page.getByRole('row', { name: new RegExp(`Meena Traders ${suffix}`) });
    // Details open in a new tab from the list; here, in this one.
    await page.goto((await row.getByRole('link', { name: /Details of/ }).getAttribute('href')) as string);
    const details = page.getByRole('region', { name: 'Company details' });
    await expect(details.getByText('U51909MH2019PTC123456')).toBeVisible();
    await expect(details.getByText('14/07/2019')).toBeVisible();
    await expect(page.getByText('2019-07-14')).toHaveCount(0);

    // Editing shows the stored date the way it was typed.
    await page.goto(page.url().replace('/detail/', '/edit/'));
    await expect(page.getByRole('group', { name: 'Company details' }).getByLabel('Date of incorporation')).toHaveValue(
      '14/07/2019',
    );
  });
});
