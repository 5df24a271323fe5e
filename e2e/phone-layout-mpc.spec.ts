import type { Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { addBillingRecords, fileFeeBearingWork, saveBillingProfile } from './support/billing';
import { recordBreachWithNotices } from './support/breaches';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, signIn, test } from './support/fixtures';
import { adminToken, createFirmWithGstWork, listWork } from './support/people';
import { createPhoneFirm, type PhoneFirm } from './support/phone-firm';
import { expectNoSidewaysScroll } from './support/phone-layout';

test.use({ viewport: { width: 390, height: 844 } });

/** The MPC's client, work, checklist and register screens at phone width, with the firm of support/phone-firm.ts. */
test.describe('the MPC’s screens at 390 px wide', () => {
  let firm: PhoneFirm['firm'];
  let client: PhoneFirm['client'];
  let folderId: number;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    ({ firm, client, folderId } = await createPhoneFirm(request));
    await request.dispose();
  });

  test('the MPC’s client pages fit, and the assignment selects are not cut off', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    for (const [path, screen] of [
      ['/mpc/dashboard', 'MPC dashboard'],
      [`/mpc/client/detail/${client.id}`, 'client details'],
      [`/mpc/client/edit/${client.id}`, 'client edit'],
      [`/mpc/client/file/${client.id}/${firm.gst}/${folderId}`, 'client folder'],
      ['/mpc/file', 'user links'],
      ['/mpc/billing', 'billing profile'],
    ] as const) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, screen);
    }
    await page.goto(`/mpc/client/detail/${client.id}`);
    const remove = page.getByRole('button', { name: 'Remove Sunita Phonefamily', exact: true });
    await remove.scrollIntoViewIfNeeded();
    const removeBox = await remove.boundingBox();
    expect((removeBox?.x ?? 999) + (removeBox?.width ?? 0)).toBeLessThanOrEqual(390);
    const pause = page.getByRole('button', { name: 'Pause Quarterly MIS for the partners' });
    await pause.scrollIntoViewIfNeeded();
    const pauseBox = await pause.boundingBox();
    expect((pauseBox?.x ?? 999) + (pauseBox?.width ?? 0)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'client details with recurring work, on a phone');
    await page.goto(`/mpc/client/assign-service/${client.id}`);
    await expectNoSidewaysScroll(page, 'assign service');
    const select = page.getByRole('combobox', { name: 'PC for GST Filing' });
    const box = await select.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(250);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  });

  // Two tests of the firm's billing records (each adds its own), so neither nears the 20 s a test may take.
  test('the billing screens fit and axe finds nothing serious: receipts and a receipt', async ({ page, request }) => {
    const { receiptId } = await addBillingRecords(request, firm.token, client.id);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    for (const [path, screen] of [
      ['/mpc/billing/receipts', 'receipts'],
      [`/mpc/billing/receipts/${receiptId}`, 'a receipt'],
    ] as const) {
      await page.goto(path);
      // Judged with the rows in, not the spinner.
      await expect(page.getByRole('table').first()).toContainText('₹');
      await expectNoSidewaysScroll(page, screen);
      await expectAccessible(page, `${screen}, on a phone`);
    }
  });

  test('the billing screens fit and axe finds nothing serious: the outstanding, the ledger, recording a receipt', async ({
    page,
    request,
  }) => {
    const { invoice } = await addBillingRecords(request, firm.token, client.id);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    for (const [path, screen, loaded] of [
      ['/mpc/billing/outstanding', 'outstanding', 'table'],
      [`/mpc/client/detail/${client.id}`, 'client details with its ledger', 'region'],
    ] as const) {
      await page.goto(path);
      const content =
        loaded === 'table' ? page.getByRole('table').first() : page.getByRole('region', { name: 'Ledger' });
      await expect(content).toContainText('₹');
      await expectNoSidewaysScroll(page, screen);
      await expectAccessible(page, `${screen}, on a phone`);
    }
    await page.goto('/mpc/billing/receipts/new');
    const form = page.getByRole('form', { name: 'Receipt' });
    await form.getByLabel('Client', { exact: true }).selectOption({ label: 'Phonefamily Demo' });
    await expect(form.getByRole('table', { name: 'Open invoices' })).toContainText(invoice.number);
    await form.getByRole('button', { name: 'Record the receipt' }).click();
    await expect(form.getByLabel('Amount received (₹)')).toHaveAccessibleDescription(
      'Enter the amount received or the TDS deducted.',
    );
    await expectNoSidewaysScroll(page, 'record a receipt with errors');
    await expectAccessible(page, 'record a receipt with errors, on a phone');
  });

  test.describe('a firm with work ready to bill', () => {
    let billing: Awaited<ReturnType<typeof createFirmWithGstWork>>['firm'];
    let itemTitle: string;

    test.beforeAll(async ({ playwright }) => {
      const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
      const made = await createFirmWithGstWork(request, { pc: 'Phoneready', client: 'Phonebill' });
      billing = made.firm;
      await saveBillingProfile(request, billing.token);
      const item = await fileFeeBearingWork(
        request,
        { admin: await adminToken(request), mpc: billing.token },
        { gst: billing.gst, clientId: made.client.id },
      );
      itemTitle = item.title;
      await request.dispose();
    });

    const screensFit = async (page: Page, screens: (readonly [path: string, screen: string, loaded: string])[]) => {
      await signIn(page, billing.mpc.email, billing.mpc.password);
      await expect(page).toHaveURL(/\/mpc\/dashboard$/);
      for (const [path, screen, loaded] of screens) {
        await page.goto(path);
        await expect(page.getByRole('main')).toContainText(loaded);
        await expectNoSidewaysScroll(page, screen);
        await expectAccessible(page, `${screen}, on a phone`);
      }
    };

    test('ready to bill, the reports and the dashboard’s figures fit, axe finds nothing serious', async ({ page }) => {
      await screensFit(page, [
        ['/mpc/dashboard', 'dashboard with the billing figures', '₹2,500.00'],
        ['/mpc/billing/ready', 'ready to bill', itemTitle],
        ['/mpc/billing/reports', 'billing reports', '₹2,500.00'],
      ]);
    });

    test('the settings and the invoice filters fit, axe finds nothing serious', async ({ page }) => {
      await screensFit(page, [
        ['/mpc/billing', 'invoices with their filters', 'No invoices yet'],
        ['/mpc/billing/settings', 'billing settings', 'Overdue invoice reminders'],
      ]);
    });
  });

  test('a client’s Work tab and its detail’s work summary fit, and axe finds nothing serious', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    for (const [path, screen] of [
      [`/mpc/client/detail/${client.id}`, 'client details with its work'],
      [`/mpc/client/work/${client.id}?status=all`, 'client work tab'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('.spinner-border')).toHaveCount(0);
      await expectNoSidewaysScroll(page, screen);
      await expectAccessible(page, `${screen}, 390 px`);
    }
    await expect(page.getByRole('navigation', { name: 'Work pages' })).toContainText(/of \d+/);
  });

  test('the checklist screens fit and axe finds nothing serious: an item’s checklist, the templates', async ({
    page,
    request,
  }) => {
    const headers = { authorization: `Bearer ${firm.token}` };
    await request.put(`/api/checklists/services/${firm.itr}`, {
      headers,
      data: { steps: ['Form 26AS reconciled with the books of account', 'Tax computed', 'Return filed and verified'] },
    });
    const made = await request.post('/api/work', {
      headers,
      data: { client_id: client.id, service_id: firm.itr, title: 'Advance tax estimate', due_date: '2026-12-31' },
    });
    const item = (await made.json()).data.id as number;
    const steps = (await (await request.get(`/api/work/${item}/checklist`, { headers })).json()).data.steps;
    await request.put(`/api/work/${item}/checklist/${steps[0].id}`, { headers, data: { done: true } });
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    for (const [path, screen] of [
      [`/mpc/work/${item}`, 'work item with its checklist, 390 px'],
      ['/mpc/checklists', 'MPC checklists, 390 px'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('.spinner-border')).toHaveCount(0);
      await expectNoSidewaysScroll(page, screen);
      await expectAccessible(page, screen);
    }
    await expect(page.getByLabel(/^Steps, one a line/)).toBeVisible();
  });

  test('the breach register, an entry and its form fit, and axe finds nothing serious there', async ({
    page,
    request,
  }) => {
    const id = await recordBreachWithNotices(request, firm.token, [client.id]);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto('/mpc/breaches');
    await expect(page.getByRole('table', { name: 'Breaches' })).toContainText('wrong address');
    await expectNoSidewaysScroll(page, 'breach register');
    await expectAccessible(page, 'breach register, 390 px');
    await page.goto(`/mpc/breaches/${id}`);
    await expect(page.getByRole('table', { name: 'Notices' })).toContainText('Phonefamily');
    await expectNoSidewaysScroll(page, 'a breach entry');
    await expectAccessible(page, 'a breach entry, 390 px');
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the breach' });
    await expect(dialog.getByLabel('What happened')).toHaveValue(/wrong address/);
    const box = await dialog.getByRole('button', { name: 'Save' }).boundingBox();
    expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'breach form, 390 px');
  });

  test('the registers fit, and axe finds nothing serious there', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await expect(page.getByLabel('DSCs expiring in 30 days')).toBeVisible();
    await expectNoSidewaysScroll(page, 'MPC dashboard with the registers');
    await page.goto('/mpc/registers?dsc=all');
    await expect(page.getByText('Missing', { exact: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'registers');
    await expectAccessible(page, 'registers, 390 px');
    await page.goto(`/mpc/client/detail/${client.id}`);
    await expect(page.getByRole('cell', { name: 'Sunita Phonefamily Ramakrishnan', exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page, 'client details with a DSC');
    await expectAccessible(page, 'client details with a DSC, 390 px');
  });

  test('the work screens fit: list, board, one item and the calendar', async ({ page, request }) => {
    const [item] = await listWork(request, firm.token);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await expectNoSidewaysScroll(page, 'MPC dashboard with work');
    for (const [path, screen] of [
      ['/mpc/work', 'work list'],
      ['/mpc/work?view=board&status=all', 'work board'],
      [`/mpc/work/${item?.id}`, 'work item'],
      ['/mpc/calendar', 'calendar'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('.spinner-border')).toHaveCount(0);
      await expectNoSidewaysScroll(page, screen);
    }
    await page.goto(`/mpc/work/${item?.id}`);
    const accept = page.getByRole('button', { name: /^Accept Sales register/ });
    const acceptBox = await accept.boundingBox();
    expect(acceptBox && acceptBox.x + acceptBox.width <= 390).toBe(true);
    // A row stacks: its title is whole within the screen's width.
    await page.goto('/mpc/work');
    const box = await page.getByRole('link', { name: item?.title as string }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  });
});
