import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible, expectAccessibleAtBothWidths, PHONE } from './support/accessibility';
import { expect, signIn, signInAsAdmin, test } from './support/fixtures';
import { adminToken, ensureService } from './support/people';
import { expectNoSidewaysScroll } from './support/phone-layout';
import { fillCompletionForm, newFirmOwner, signUpThroughApi } from './support/sign-up';

/**
 * Firms that sign themselves up (REGISTRATION_APPROVAL=true, as the browser tests' server runs), at
 * 1280 and 390 px (issue 22): the admin's queue with a firm in it and its dialogs, and the page the
 * new firm waits on.
 */
test.describe('accessibility of firm approvals at both widths', () => {
  // One screen a test, judged twice (axe at each width): the queue and its two dialogs came near 30 s under load.
  const openQueue = async (page: Page, request: APIRequestContext) => {
    const owner = newFirmOwner('Axeapproval');
    await signUpThroughApi(request, owner);
    await signInAsAdmin(page);
    await page.goto('/admin/firm-approvals');
    const row = page.getByRole('row').filter({ hasText: owner.email });
    await expect(row).toContainText(owner.firm_name);
    return row;
  };

  test('admin: the queue with a firm waiting', async ({ page, request }) => {
    await openQueue(page, request);
    await expectAccessibleAtBothWidths(page, 'firm approvals with a firm waiting');
  });

  test('admin: the approval question', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    const row = await openQueue(page, request);
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('dialog', { name: 'Approve this firm?' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'the approval question');
  });

  test('admin: the rejection with its error', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    const row = await openQueue(page, request);
    await row.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByLabel('Reason')).toHaveAccessibleDescription(/Please say why the firm is rejected/);
    await expectAccessibleAtBothWidths(page, 'the rejection with its error');
  });

  // At 390 px: registration.spec.ts judges this page at 1280 px as it walks the approval.
  test('a new firm: the page it waits on once its profile is complete, on a phone', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await ensureService(request, await adminToken(request), 'GST Filing');
    const owner = newFirmOwner('Axewaiting');
    await signUpThroughApi(request, owner);
    await signIn(page, owner.email, owner.password);
    await expect(page.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
    await fillCompletionForm(page, 'GST Filing');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
    await expect(page.getByText('Your firm is waiting for the platform’s approval.')).toBeVisible();
    await expectNoSidewaysScroll(page, 'waiting for approval');
    await expectAccessible(page, 'waiting for approval, 390 px');
  });
});
