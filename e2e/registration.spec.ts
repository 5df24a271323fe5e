import { expectAccessible } from './support/accessibility';
import { expect, signIn, signInAsAdmin, test } from './support/fixtures';
import { waitForOutboxMail } from './support/outbox';
import { adminToken, ensureService, field } from './support/people';
import { fillCompletionForm, fillSignUpForm, newFirmOwner, signUpThroughApi } from './support/sign-up';

test.describe('MPC registration', () => {
  test('a new MPC signs up with five fields, completes its profile once, waits for the admin, and goes on once approved', async ({
    page,
    browser,
    request,
  }) => {
    await ensureService(request, await adminToken(request), 'GST Filing');
    const owner = newFirmOwner();
    await page.goto('/registration');
    await expect(page.getByRole('heading', { name: 'Create your firm’s account' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Sign up' });
    // Only who signs up and for which firm (names, email, mobile, firm, the password twice): the profile
    // comes at the first sign-in.
    await expect(form.getByRole('textbox')).toHaveCount(7);
    await expect(field(form, 'Pincode')).toHaveCount(0);
    await fillSignUpForm(page, owner);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Registration successful. You can now sign in.' }),
    ).toBeVisible();

    await signIn(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/registration$/);
    await expect(page.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
    // What the sign-up asked is shown, not asked again.
    await expect(page.getByText(`Signed up as ${owner.first_name} ${owner.last_name}`)).toBeVisible();
    for (const label of ['First name', 'Last name', 'Email', 'Mobile number', 'Password'])
      await expect(field(page, label)).toHaveCount(0);
    // Any area still sends a user whose registration is incomplete back here.
    await page.goto('/mpc/dashboard');
    await expect(page).toHaveURL(/\/registration$/);
    await fillCompletionForm(page, 'GST Filing');
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
    const row = admin.getByRole('row').filter({ hasText: owner.email });
    await expect(row).toContainText(owner.firm_name);
    await expect(row).toContainText('Completed');
    await row.getByRole('button', { name: 'Approve' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByRole('alert').filter({ hasText: 'The firm was approved' })).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: owner.email })).toHaveCount(0);
    await adminContext.close();

    // Opening the portal again reads the account afresh: the firm goes on to its dashboard.
    await page.reload();
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(stored).toMatchObject({ status: 'active', approval_pending: false });
  });

  test('the admin rejects a firm that signed up with a reason, which is mailed; the owner cannot sign in', async ({
    page,
    request,
  }) => {
    const owner = newFirmOwner('Rehana');
    await signUpThroughApi(request, owner);
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Firm approvals' }).click();
    const row = page.getByRole('row').filter({ hasText: owner.email });
    await expect(row).toContainText(owner.firm_name);
    await expect(row).toContainText('Not completed yet');
    await row.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Please say why the firm is rejected')).toBeVisible();
    const reason = 'We could not find your firm in the ICAI register.';
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The firm was rejected' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: owner.email })).toHaveCount(0);
    const mail = await waitForOutboxMail(owner.email, 'Practice Portal: your registration was not approved');
    expect(mail.text).toContain(reason);
    const signInAgain = await request.post('/api/login', { data: { email: owner.email, password: owner.password } });
    expect(signInAgain.status()).not.toBe(200);
  });
});
