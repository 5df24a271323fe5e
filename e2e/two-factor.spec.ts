import { expect, signIn, test } from './support/fixtures';
import { createFirm } from './support/people';
import { authenticatorCode } from './support/totp';

test.describe('Two-factor sign-in', () => {
  test('an MPC turns on two-factor sign-in in My Profile and signs in with a code', async ({ page, request }) => {
    const firm = await createFirm(request);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.getByRole('button', { name: /Firm Owner/ }).click();
    await page.getByRole('link', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/mpc\/profile$/);

    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.locator('.two-factor-secret').textContent()) as string;
    await page.getByLabel('Code from the app').fill(authenticatorCode(secret));
    // Without the password, nothing is turned on: a borrowed session alone cannot enrol a second factor.
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('Please enter your password.')).toBeVisible();
    await page.getByLabel('Your password').fill(firm.mpc.password);
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await expect(page.getByText('Signing in asks for a code from your authenticator app.')).toBeVisible();

    await page.getByRole('button', { name: /Firm Owner/ }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page.getByText('Enter the code from your authenticator app.')).toBeVisible();
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('The code is not correct.')).toBeVisible();
    // The code the setup used is spent: the app's next one (a step ahead is accepted).
    await page.getByLabel('Authentication code').fill(authenticatorCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
  });
});
