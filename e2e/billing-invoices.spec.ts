import type { APIRequestContext } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs } from './support/people';

/** A regular firm in Karnataka (GSTIN 29..., its PAN inside), as its MPC saves it. */
const PROFILE = {
  legal_name: 'Rao & Co, Chartered Accountants',
  address: '5 MG Road, Bengaluru 560001',
  state: 'Karnataka',
  registration: 'regular',
  gstin: '29AAPFU0939F1ZR',
  pan: 'AAPFU0939F',
  e_invoicing: false,
  invoice_prefix: 'INV',
  signatory: 'Anil Rao, Partner',
};

async function saveProfile(request: APIRequestContext, token: string) {
  const saved = await request.put('/api/billing/profile', {
    headers: { authorization: `Bearer ${token}` },
    data: PROFILE,
  });
  if (!saved.ok()) throw new Error(`profile: ${saved.status()} ${await saved.text()}`);
}

test.describe('invoices', () => {
  test('an MPC drafts an invoice with the tax split shown as it types, then issues it with the first number of the year', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    await saveProfile(request, firm.token);
    const client = await createUserAs(request, firm.token, 'client', 'Invoiceclient', [firm.gst]);

    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto('/mpc/billing');
    await page.getByRole('link', { name: 'New invoice' }).click();
    const form = page.getByRole('form', { name: 'Invoice' });
    await form.getByLabel('Find a client').fill('Invoicecl');
    await form.getByLabel('Client', { exact: true }).selectOption({ label: 'Invoiceclient Demo' });
    const line = form.getByRole('group', { name: 'Lines' }).getByRole('region', { name: 'Line 1' });
    await line.getByLabel('Description').fill('GST returns, October 2026');
    await line.getByLabel('Rate (₹)').fill('10,000');
    const split = form.getByRole('region', { name: 'Tax split' });
    await expect(split).toContainText('CGST₹900.00');
    await expect(split).toContainText('SGST₹900.00');
    await expect(split.getByTestId('invoice-total')).toHaveText('₹11,800.00');
    await expect(split).toContainText('Rupees Eleven Thousand Eight Hundred Only');
    // A discount larger than the line is the schema's refusal, under its field.
    await line.getByLabel('Discount (₹)').fill('20000');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(line.getByLabel('Discount (₹)')).toHaveAccessibleDescription(
      'The discount may not be larger than the line.',
    );
    await line.getByLabel('Discount (₹)').fill('');
    await form.getByRole('button', { name: 'Save draft' }).click();

    await expect(page.getByRole('heading', { name: 'Draft invoice', level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'Issue' }).click();
    await page.getByRole('dialog', { name: 'Issue this invoice?' }).getByRole('button', { name: 'Issue' }).click();
    await expect(page.getByRole('heading', { name: /^Invoice INV\/\d{4}-\d{2}\/0001$/ })).toBeVisible();
    await expect(page.getByText('Issued', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Invoices', exact: true }).click();
    const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row', { name: /Invoiceclient Demo/ });
    await expect(row).toContainText('₹11,800.00');
    expect(client.id).toBeGreaterThan(0);
  });

  test('a PC sees Billing only once its MPC lets it bill, on the PC’s page', async ({ page, request }) => {
    const firm = await createFirm(request);
    const pc = await createUserAs(request, firm.token, 'pc', 'Billingpc');

    await signIn(page, pc.email, pc.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await expect(sections.getByRole('link', { name: 'Work' })).toBeVisible();
    await expect(sections.getByRole('link', { name: 'Billing' })).toHaveCount(0);

    const mpc = await page.context().browser()?.newPage();
    if (!mpc) throw new Error('no second page');
    await signIn(mpc, firm.mpc.email, firm.mpc.password);
    // Signed in before going on: a navigation while the sign-in is under way would cancel it.
    await expect(mpc).toHaveURL(/\/mpc\/dashboard$/);
    await mpc.goto(`/mpc/pc/detail/${pc.id}`);
    const grant = mpc.getByRole('form', { name: 'Billing permission' });
    await grant.getByLabel("May bill the firm's clients: fees, invoices and receipts").check();
    await grant.getByRole('button', { name: 'Save' }).click();
    await expect(mpc.getByRole('region', { name: 'Billing' }).getByRole('alert')).toContainText(
      'Billing permission saved.',
    );
    await mpc.close();

    await page.reload();
    await sections.getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/pc\/billing$/);
    await expect(page.getByRole('table', { name: 'Invoices' })).toContainText('No invoices yet');
    await expect(
      page.getByRole('navigation', { name: 'Billing sections' }).getByRole('link', { name: 'Settings' }),
    ).toHaveCount(0);
  });
});
