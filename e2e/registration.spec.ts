import { expectAccessible } from './support/accessibility';
import { expect, signIn, signInAsAdmin, test } from './support/fixtures';
import { adminToken, ensureService, field, fillMpcForm, uniqueSuffix } from './support/people';

test.describe('MPC registration', () => {
  test('a new MPC registers, completes its registration, waits for the admin, and goes on once approved', async ({
    page,
    browser,
    request,
  }) => {
    await ensureService(request, await adminToken(request), 'GST Filing');
    const suffix = uniqueSuffix();
    const email = `newmpc.${suffix}@firm.test`;
    await page.goto('/registration');
    await expect(page.getByRole('heading', { name: 'Add Master Professional Consultant' })).toBeVisible();
    await fillMpcForm(page, { first: 'Farah', last: `Khan${suffix}`, email, service: 'GST Filing' });
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Registration successful. You can now sign in.' }),
    ).toBeVisible();

    await signIn(page, email, 'Secret@123');
    await expect(page).toHaveURL(/\/registration$/);
    await expect(page.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
    await expect(field(page, 'Email')).toHaveValue(email);
    // Any area still sends a user whose registration is incomplete back here.
    await page.goto('/mpc/dashboard');
    await expect(page).toHaveURL(/\/registration$/);
    await field(page, 'Mobile number').fill('9123456780');
    await page.getByRole('button', { name: 'Save' }).click();
    // The platform approves firms that sign themselves up: the profile is done, the rest waits.
    await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
    await expect(page.getByText('Your firm is waiting for the platform’s approval.')).toBeVisible();
    await page.goto('/mpc/dashboard');
    await expect(page).toHaveURL(/\/registration$/);
    await expectAccessible(page, 'waiting for approval');

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    await admin.getByRole('link', { name: 'Firm approvals' }).click();
    const row = admin.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Completed');
    await row.getByRole('button', { name: 'Approve' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByRole('alert').filter({ hasText: 'The firm was approved' })).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(0);
    await adminContext.close();

    // Opening the portal again reads the account afresh: the firm goes on to its dashboard.
    await page.reload();
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(stored).toMatchObject({ status: 'active', approval_pending: false });
  });
});
