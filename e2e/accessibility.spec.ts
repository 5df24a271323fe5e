import { auditScreens, expectAccessible } from './support/accessibility';
import { type AccessibilityFirm, createAccessibilityFirm } from './support/accessibility-firm';
import { BILLING_PROFILE, issueInvoice } from './support/billing';
import { recordBreachWithNotices } from './support/breaches';
import { E2E_ADMIN, E2E_BASE_URL } from './support/e2e-env';
import { expect, signIn, signInAsAdmin, test } from './support/fixtures';
import { newFirmOwner, signUpThroughApi } from './support/sign-up';

/** Every screen of every role but the MPC (accessibility-mpc.spec.ts), with a firm made once per worker. */
test.describe('accessibility of every screen', () => {
  // The screens are judged side by side on both workers; each worker makes the firm once (beforeAll).
  test.describe.configure({ mode: 'parallel' });
  let firm: AccessibilityFirm['firm'];
  let client: AccessibilityFirm['client'];
  let pc: AccessibilityFirm['pc'];
  let executor: AccessibilityFirm['executor'];
  let workId: number;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    ({ firm, client, pc, executor, workId } = await createAccessibilityFirm(request));
    await request.dispose();
  });

  test('signed out: sign-in, registration and the link page', async ({ page }) => {
    await auditScreens(page, [
      ['/login', 'sign-in'],
      ['/registration', 'registration'],
      ['/link-problem?reason=expired', 'link problem'],
      ['/forgot-password', 'forgot password'],
      ['/reset-password?token=not-a-real-token', 'reset password'],
    ]);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Please enter valid email id.')).toBeVisible();
    // Each error is tied to its field: a screen reader reads it with the field.
    const email = page.getByLabel('Email/Username');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Please enter valid email id.');
    await expectAccessible(page, 'sign-in with errors');
  });

  // A request link refused (issue 24); the page a working link opens is judged in request-link.spec.ts.
  test('signed out: a request link that cannot be used', async ({ page }) => {
    await auditScreens(page, [[`/r/${'x'.repeat(43)}`, 'request link refused']]);
  });

  test('admin: dashboard and MPC list', async ({ page }) => {
    await signInAsAdmin(page);
    await auditScreens(page, [
      ['/admin/dashboard', 'admin dashboard'],
      ['/admin/mpc', 'MPC list'],
      ['/admin/firm-approvals', 'firm approvals'],
    ]);
  });

  test('admin: one MPC', async ({ page }) => {
    await signInAsAdmin(page);
    await auditScreens(page, [
      [`/admin/mpc/detail/${firm.mpc.id}`, 'MPC details'],
      [`/admin/mpc/edit/${firm.mpc.id}`, 'MPC edit'],
    ]);
  });

  test('admin: profile and services', async ({ page }) => {
    await signInAsAdmin(page);
    await auditScreens(page, [
      ['/admin/profile', 'admin profile'],
      ['/admin/profile/edit', 'admin profile edit'],
      ['/admin/activity', 'admin activity'],
      ['/admin/service', 'services'],
    ]);
    await page.getByRole('button', { name: 'Add Service' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel('Service Name')).toHaveAccessibleDescription('Please enter service name');
    await expectAccessible(page, 'service dialog with an error');
  });

  test('admin: the platform’s breach register and an entry', async ({ page, request }) => {
    const admin = await request.post('/api/login', { data: E2E_ADMIN });
    const id = await recordBreachWithNotices(request, (await admin.json()).data.token, [firm.mpc.id]);
    await signInAsAdmin(page);
    await auditScreens(page, [
      ['/admin/breaches', 'platform breach register'],
      [`/admin/breaches/${id}`, 'a platform breach entry'],
    ]);
  });

  test('admin: checklists', async ({ page }) => {
    await signInAsAdmin(page);
    await auditScreens(page, [['/admin/checklists', 'admin checklists']]);
    await expect(page.getByLabel(/^Steps, one a line/)).toBeVisible();
  });

  test('admin: the compliance calendar and a rule', async ({ page }) => {
    await signInAsAdmin(page);
    await auditScreens(page, [['/admin/compliance', 'compliance calendar']]);
    await page.getByRole('button', { name: 'Edit GSTR-3B (GSTR3B_MONTHLY)' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Record extension' }).click();
    await expect(page.getByLabel('Period', { exact: true })).toHaveAccessibleDescription(
      'Enter a period such as 2026-04, FY2026-27-Q1 or FY2026-27.',
    );
    await expectAccessible(page, 'rule dialog with an error');
  });

  // Each role's screens in two tests: one test of seven or eight screens came near 20 s under load.
  test('PC: its dashboard and lists', async ({ page }) => {
    await signIn(page, pc.email, pc.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    await auditScreens(page, [
      ['/pc/dashboard', 'PC dashboard'],
      ['/pc/executor', 'PC executor list'],
      ['/pc/client', 'PC client list'],
      ['/pc/profile', 'PC profile'],
    ]);
  });

  test('PC: its work, calendar and files', async ({ page }) => {
    await signIn(page, pc.email, pc.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    await auditScreens(page, [
      ['/pc/work', 'PC work'],
      ['/pc/calendar', 'PC calendar'],
      ['/pc/file', 'PC files'],
    ]);
  });

  test('PC: its notifications and the bell open', async ({ page }) => {
    await signIn(page, pc.email, pc.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    await auditScreens(page, [['/pc/notifications', 'PC notifications']]);
    await page.getByRole('button', { name: /^Notifications, / }).click();
    await expect(page.getByRole('link', { name: 'See all notifications' })).toBeVisible();
    await expectAccessible(page, 'the bell open');
  });

  test('a new firm: the sign-up with its errors, and the completion step', async ({ page, request }) => {
    await page.goto('/registration');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Firm name is required')).toBeVisible();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel(/^Password/).fill('Secret@123');
    await form.getByLabel(/^Confirm password/).fill('Other@123');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Each error is tied to its field, the confirmation's too.
    await expect(form.getByLabel(/^Confirm password/)).toHaveAccessibleDescription('The passwords do not match');
    await expectAccessible(page, 'sign-up with errors');
    const owner = newFirmOwner();
    await signUpThroughApi(request, owner);
    await signIn(page, owner.email, owner.password);
    await expect(page.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
    await expectAccessible(page, 'completing a new firm');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Qualification is required')).toBeVisible();
    await expectAccessible(page, 'completing a new firm, with errors');
  });

  test('executor: completing its registration, then its screens', async ({ page }) => {
    await signIn(page, executor.email, executor.password);
    await expect(page.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
    await expectAccessible(page, 'complete registration');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/executor\/dashboard$/);
    await auditScreens(page, [
      ['/executor/dashboard', 'executor dashboard'],
      ['/executor/client', 'executor client list'],
      ['/executor/file', 'executor files'],
    ]);
  });

  test('client: its dashboard, profile and files', async ({ page }) => {
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await auditScreens(page, [
      ['/client/dashboard', 'client dashboard'],
      ['/client/profile', 'client profile'],
      ['/client/edit', 'client profile edit'],
      ['/client/file', 'client files'],
    ]);
  });

  // The file browser's search by name (docs/decisions/0057-file-search.md), judged with a result in it.
  test('client: its files searched by name', async ({ page }) => {
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await page.goto('/client/file');
    const box = page.getByLabel('Search your files');
    await box.fill('re');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText("Type at least 3 characters of the file's name.")).toBeVisible();
    await expectAccessible(page, 'file search with an error');
    await box.fill('ETURN');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(
      page.getByRole('list', { name: 'Files found' }).getByRole('link', { name: 'return.pdf', exact: true }),
    ).toBeVisible();
    await expectAccessible(page, 'file search results');
  });

  test('client: a service, its calendar, work and notifications', async ({ page }) => {
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await auditScreens(page, [
      [`/client/file/${firm.gst}`, 'client service'],
      ['/client/calendar', 'client calendar'],
      [`/client/work/${workId}`, 'client work item'],
      ['/client/notifications', 'client notifications'],
    ]);
  });

  test('client: its invoices, and one with its PDF and UPI QR', async ({ page, request }) => {
    const headers = { authorization: `Bearer ${firm.token}` };
    const saved = await request.put('/api/billing/profile', {
      headers,
      data: { ...BILLING_PROFILE, upi_vpa: 'raoco@okhdfc' },
    });
    expect(saved.ok()).toBe(true);
    const invoice = await issueInvoice(request, firm.token, {
      clientId: client.id,
      rupees: 2_000,
      description: 'GST returns',
    });
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await auditScreens(page, [
      ['/client/invoices', 'client invoices'],
      [`/client/invoices/${invoice.id}`, 'client invoice'],
    ]);
    await expect(page.getByRole('img', { name: 'UPI QR code to pay ₹2,360.00' })).toBeVisible();
  });
});
