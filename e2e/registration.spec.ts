import { expect, signIn, test } from './support/fixtures';
import { adminToken, ensureService, field, fillMpcForm, uniqueSuffix } from './support/people';

test.describe('MPC registration', () => {
  test('a new MPC registers at /registration, signs in and completes its registration', async ({ page, request }) => {
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
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await expect(page.getByRole('status').filter({ hasText: 'User updated successfully.' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(stored.status).toBe('active');
  });
});
