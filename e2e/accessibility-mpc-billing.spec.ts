import type { APIRequestContext, Page } from '@playwright/test';
import { auditScreens, expectAccessible } from './support/accessibility';
import { type AccessibilityFirm, createAccessibilityFirm } from './support/accessibility-firm';
import { addBillingRecords, fileFeeBearingWork, saveBillingProfile } from './support/billing';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, signIn, test } from './support/fixtures';
import { adminToken, createFirm, createFirmWithGstWork, createUserAs } from './support/people';

/** The MPC's billing screens and dialogs, with the firm of support/accessibility-firm.ts made once per worker. */
test.describe('accessibility of the MPC’s billing screens', () => {
  // The screens are judged side by side on both workers; each worker makes the firm once (beforeAll).
  test.describe.configure({ mode: 'parallel' });
  let firm: AccessibilityFirm['firm'];

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    ({ firm } = await createAccessibilityFirm(request));
    await request.dispose();
  });

  test('MPC: the billing profile, with its errors', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await auditScreens(page, [['/mpc/billing/settings', 'billing profile']]);
    await page.getByRole('button', { name: 'Save billing profile' }).click();
    await expect(page.getByLabel('Legal name')).toHaveAccessibleDescription('Enter the legal name invoices carry.');
    await expectAccessible(page, 'billing profile with errors');
  });

  /** A firm of its own with a receipt (the billing profile test above judges a firm with no profile yet). */
  const signInWithReceipt = async (page: Page, request: APIRequestContext) => {
    const billing = await createFirm(request);
    const payer = await createUserAs(request, billing.token, 'client', 'Axepayer', [billing.gst]);
    const { receiptId } = await addBillingRecords(request, billing.token, payer.id);
    await signIn(page, billing.mpc.email, billing.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    return { payer, receiptId };
  };

  test('MPC: receipts, a receipt, the outstanding, the ledger', async ({ page, request }) => {
    const { payer, receiptId } = await signInWithReceipt(page, request);
    for (const [path, name] of [
      ['/mpc/billing/receipts', 'receipts'],
      [`/mpc/billing/receipts/${receiptId}`, 'a receipt'],
      ['/mpc/billing/outstanding', 'outstanding'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('table').first()).toContainText('₹');
      await expectAccessible(page, name);
    }
    await page.goto(`/mpc/client/detail/${payer.id}`);
    await expect(page.getByRole('region', { name: 'Ledger' })).toContainText('₹');
    await expectAccessible(page, 'client details with its ledger and balance');
  });

  test('MPC: a receipt’s dialogs, and recording one with errors', async ({ page, request }) => {
    const { receiptId } = await signInWithReceipt(page, request);
    await page.goto(`/mpc/billing/receipts/${receiptId}`);
    await page.getByRole('button', { name: 'Apply the advance' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'apply the advance dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Cancel receipt' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel the receipt' }).click();
    await expect(page.getByLabel('Reason')).toHaveAccessibleDescription('Say why the receipt is cancelled.');
    await expectAccessible(page, 'cancel a receipt with errors');
    await page.goto('/mpc/billing/receipts/new');
    const form = page.getByRole('form', { name: 'Receipt' });
    await form.getByLabel('Client', { exact: true }).selectOption({ label: 'Axepayer Demo' });
    await expect(form.getByRole('table', { name: 'Open invoices' })).toContainText('INV/');
    await form.getByRole('button', { name: 'Record the receipt' }).click();
    await expect(form.getByLabel('UTR or cheque number')).toHaveAccessibleDescription(
      'Enter the UTR or cheque number.',
    );
    await expectAccessible(page, 'record a receipt with errors');
  });

  test('MPC: ready to bill and the drafts made, the reports and figures', async ({ page, request }) => {
    const { firm: billing, client: payer } = await createFirmWithGstWork(request, {
      pc: 'Axeready',
      client: 'Axebill',
    });
    await saveBillingProfile(request, billing.token);
    const item = await fileFeeBearingWork(
      request,
      { admin: await adminToken(request), mpc: billing.token },
      { gst: billing.gst, clientId: payer.id },
    );
    await signIn(page, billing.mpc.email, billing.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await expect(page.getByRole('group', { name: 'Billing figures' })).toContainText('₹2,500.00');
    await expectAccessible(page, 'MPC dashboard with the billing figures');
    await page.goto('/mpc/billing/ready');
    const row = page.getByRole('table', { name: 'Work items' }).getByRole('row', { name: new RegExp(item.title) });
    await row.getByRole('checkbox').check();
    await expectAccessible(page, 'ready to bill');
    await page.getByRole('button', { name: 'Create drafts' }).click();
    await expect(page.getByRole('link', { name: /^Draft #\d+ for Axebill/ })).toBeVisible();
    await expectAccessible(page, 'ready to bill with the drafts made');
    await page.goto('/mpc/billing/reports');
    await expect(page.getByLabel('Ready to bill')).toContainText('₹0.00');
    await expectAccessible(page, 'billing reports');
  });

  // Apart from the journey above, which sets a firm up and visits four screens: each keeps a margin of its time.
  test('MPC: the invoice filters with an error', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto('/mpc/billing');
    await page.getByLabel('Date from').fill('31/02/2026');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByLabel('Date from')).toHaveAccessibleDescription('Enter a date as dd/mm/yyyy.');
    await expectAccessible(page, 'invoices with a filter error');
  });
});
