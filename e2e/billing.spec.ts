import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs } from './support/people';

test.describe('billing', () => {
  test('an MPC sets a client’s fee in rupees on its page; a mistyped amount is refused under its field', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', 'Feeclient', [firm.gst, firm.itr]);

    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/client/detail/${client.id}`);
    const fees = page.getByRole('form', { name: 'Fees' });
    await expect(page.getByRole('heading', { name: 'Fees' })).toBeVisible();
    const gst = fees.getByRole('group', { name: /^GST/ });
    await gst.getByLabel('Amount (₹)').fill('12.345');
    await fees.getByRole('button', { name: 'Save fees' }).click();
    await expect(gst.getByLabel('Amount (₹)')).toHaveAccessibleDescription(
      /Enter an amount in rupees, up to two decimals/,
    );

    await gst.getByLabel('Amount (₹)').fill('₹1,500.50');
    await gst.getByLabel('Charged').selectOption({ label: 'Monthly retainer' });
    await fees.getByRole('button', { name: 'Save fees' }).click();
    await expect(page.getByRole('region', { name: 'Fees' }).getByRole('alert')).toContainText('Fees saved.');

    await page.reload();
    const again = page.getByRole('form', { name: 'Fees' }).getByRole('group', { name: /^GST/ });
    await expect(again.getByLabel('Amount (₹)')).toHaveValue('1500.50');
    await expect(again.getByLabel('Charged')).toHaveValue('monthly');
    await expect(again.getByLabel('GST')).toHaveValue('1800');
    const itr = page.getByRole('form', { name: 'Fees' }).getByRole('group', { name: /^ITR/ });
    await expect(itr.getByLabel('Amount (₹)')).toHaveValue('');
  });

  test('an MPC fills in the billing profile: a GSTIN of another state is refused, the account then shows masked', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.getByRole('link', { name: 'Billing' }).first().click();
    await page.getByRole('navigation', { name: 'Billing sections' }).getByRole('link', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Billing profile' });
    await form.getByLabel('Legal name').fill('Shah & Co, Chartered Accountants');
    await form.getByLabel('Signatory').fill('Meera Shah, Partner');
    await form.getByLabel('Address').fill('12 Tilak Road, Pune 411002');
    await form.getByLabel('State').selectOption('Karnataka');
    await form.getByLabel('GSTIN').fill('27aapfu0939f1zv');
    await form.getByLabel('PAN').fill('AAPFU0939F');
    await form.getByLabel('Bank account number').fill('0012 3456 7890');
    await form.getByLabel('IFSC').fill('HDFC0001234');
    await form.getByRole('button', { name: 'Save billing profile' }).click();
    await expect(form.getByLabel('GSTIN')).toHaveAccessibleDescription(
      "The GSTIN's first two digits are not the state's GST code.",
    );

    await form.getByLabel('State').selectOption('Maharashtra');
    await form.getByRole('button', { name: 'Save billing profile' }).click();
    await expect(page.getByRole('region', { name: 'Billing profile' }).getByRole('alert')).toContainText(
      'Billing profile saved.',
    );
    await page.reload();
    const again = page.getByRole('form', { name: 'Billing profile' });
    await expect(again.getByLabel('GSTIN')).toHaveValue('27AAPFU0939F1ZV');
    await expect(again.getByLabel('Bank account number')).toHaveValue('');
    await expect(again.getByText('Stored: XXXX7890. Leave empty to keep it.')).toBeVisible();
  });
});
