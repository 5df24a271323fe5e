import { expect, signIn, test } from './support/fixtures';
import { readLink, waitForOutboxMail } from './support/outbox';
import {
  adminToken,
  apiToken,
  createFirm,
  createMpcThroughApi,
  createUserAs,
  ensureService,
  uniqueSuffix,
} from './support/people';

test.describe('Recovering an account', () => {
  test('a user forgets the password, follows the mailed link, sets a new one and signs in', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const pc = await createUserAs(request, firm.token, 'pc', 'Forgetful');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The address changes before the new page is drawn (a transition): until then "Email/Username" is
    // still the sign-in form's field.
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await page.getByLabel('Email/Username').fill(pc.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account matches what you entered');

    const mail = await waitForOutboxMail(pc.email, 'Practice Portal: reset your password');
    expect(mail.text).toContain('within 30 minutes');
    await page.goto(readLink(mail));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('Remembered@2026');
    await page.getByLabel('Confirm new password').fill('Remembered@2026');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been set.');
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Sign in' }).click();

    await signIn(page, pc.email, 'Remembered@2026');
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    // The link worked once.
    await page.evaluate(() => localStorage.clear());
    await page.goto(readLink(mail));
    await page.getByLabel('New password', { exact: true }).fill('Another@2026');
    await page.getByLabel('Confirm new password').fill('Another@2026');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('alert')).toContainText('This link is invalid, expired or already used.');
  });

  test('an invitee follows the mailed invitation, sets a first password and is led to sign in', async ({
    page,
    request,
  }) => {
    // A name the mail may show (a name with a run of digits or a link in it is left out).
    const admin = await adminToken(request);
    const service = await ensureService(request, admin, 'GST Filing');
    const mpc = await createMpcThroughApi(request, admin, {
      first_name: 'Kavya',
      last_name: 'Menon',
      service_id: service,
    });
    const email = `invitee.${uniqueSuffix()}@firm.test`;
    const created = await request.post('/api/user/create', {
      headers: { authorization: `Bearer ${await apiToken(request, mpc.email, mpc.password)}` },
      multipart: {
        role_id: '3',
        first_name: 'Invited',
        last_name: 'Member',
        email,
        mobile_number: '9876543210',
        password: '',
      },
    });
    expect(created.status()).toBe(201);
    const mail = await waitForOutboxMail(email, 'Practice Portal: your account is ready');
    expect(mail.text).toContain('Kavya Menon invited you to join their firm on Practice Portal.');
    await page.goto(readLink(mail));
    await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toHaveCount(0);
    await page.getByLabel('Password', { exact: true }).fill('Invited@2026');
    await page.getByLabel('Confirm password').fill('Invited@2026');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been set.');
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, email, 'Invited@2026');
    // A firm's new member reads and accepts its privacy notice first (issue 25).
    await expect(page.getByRole('heading', { name: 'Privacy notice', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'I accept' }).click();
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
  });

  test('a password the MPC typed must be changed at the first sign-in', async ({ page, request }) => {
    const firm = await createFirm(request);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    const typed = await request.post('/api/user/create', {
      headers: { authorization: `Bearer ${firm.token}` },
      multipart: {
        role_id: '3',
        first_name: 'Typed',
        last_name: 'Password',
        email: `typed.${Date.now()}@firm.test`,
        mobile_number: '9876543210',
        password: 'Given@1234',
      },
    });
    const email = (await typed.json()).data.email as string;
    await page.evaluate(() => localStorage.clear());
    await signIn(page, email, 'Given@1234');
    await expect(page).toHaveURL(/\/account-setup$/);
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    // Nothing else opens until then.
    await page.goto('/pc/dashboard');
    await expect(page).toHaveURL(/\/account-setup$/);
    await page.getByLabel('Current password').fill('Given@1234');
    await page.getByLabel('New password', { exact: true }).fill('MyOwn@2026');
    await page.getByLabel('Confirm new password').fill('MyOwn@2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    // Then the firm's privacy notice, still before anything else (issue 25).
    await expect(page.getByRole('heading', { name: 'Privacy notice', level: 1 })).toBeVisible();
    await page.goto('/pc/dashboard');
    await expect(page).toHaveURL(/\/account-setup$/);
    await page.getByRole('button', { name: 'I accept' }).click();
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
  });
});
