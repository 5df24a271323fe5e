import type { Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, signIn, signInAsAdmin, test } from './support/fixtures';
import { createFirm, createFolderWithFile, createUserAs } from './support/people';

type Screen = [path: string, name: string];

/** Opens each screen, waits for its heading and judges it with axe-core (issue 9, point 12). */
async function auditScreens(page: Page, screens: Screen[]): Promise<void> {
  for (const [path, name] of screens) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    // One main landmark: a screen reader jumps to the page's content past the bars.
    await expect(page.getByRole('main')).toHaveCount(1);
    await expectAccessible(page, name);
  }
}

/** Every screen of every role, with a firm, its people, a folder and a file made once for the file. */
test.describe('accessibility of every screen', () => {
  // The screens are judged side by side on both workers; each worker makes the firm once (beforeAll).
  test.describe.configure({ mode: 'parallel' });
  let firm: Awaited<ReturnType<typeof createFirm>>;
  let client: Awaited<ReturnType<typeof createUserAs>>;
  let pc: Awaited<ReturnType<typeof createUserAs>>;
  let executor: Awaited<ReturnType<typeof createUserAs>>;
  let folderId: number;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    firm = await createFirm(request);
    client = await createUserAs(request, firm.token, 'client', 'Axeclient', [firm.gst]);
    pc = await createUserAs(request, firm.token, 'pc', 'Axepc');
    executor = await createUserAs(request, firm.token, 'executor', 'Axeexec');
    folderId = await createFolderWithFile(
      request,
      firm.token,
      { clientId: client.id, serviceId: firm.gst },
      { folder: 'Returns', file: 'return.pdf', clientCanDelete: false },
    );
    await request.dispose();
  });

  test('signed out: sign-in, registration and the link page', async ({ page }) => {
    await auditScreens(page, [
      ['/login', 'sign-in'],
      ['/registration', 'registration'],
      ['/link-problem?reason=expired', 'link problem'],
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

  test('admin: dashboard and MPC list', async ({ page }) => {
    await signInAsAdmin(page);
    await auditScreens(page, [
      ['/admin/dashboard', 'admin dashboard'],
      ['/admin/mpc', 'MPC list'],
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
      ['/admin/service', 'services'],
    ]);
    await page.getByRole('button', { name: 'Add Service' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel('Service Name')).toHaveAccessibleDescription('Please enter service name');
    await expectAccessible(page, 'service dialog with an error');
  });

  test('MPC: dashboard and staff lists', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await auditScreens(page, [
      ['/mpc/dashboard', 'MPC dashboard'],
      ['/mpc/pc', 'PC list'],
      [`/mpc/pc/detail/${pc.id}`, 'PC details'],
    ]);
  });

  test('MPC: executor and client lists, user links', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await auditScreens(page, [
      ['/mpc/executor', 'executor list'],
      ['/mpc/client', 'client list'],
      ['/mpc/file', 'user links'],
    ]);
  });

  test('MPC: a client’s details and assignments', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await auditScreens(page, [
      [`/mpc/client/detail/${client.id}`, 'client details'],
      [`/mpc/client/assign-service/${client.id}`, 'assign service'],
    ]);
  });

  test('MPC: a client’s edit form and its errors', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await auditScreens(page, [[`/mpc/client/edit/${client.id}`, 'client edit']]);
    const firstName = page.getByLabel(/^First name/);
    await firstName.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription('First name is required');
    await expectAccessible(page, 'client edit with an error');
  });

  test('MPC: a client’s files', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await auditScreens(page, [
      [`/mpc/client/file/${client.id}`, 'service tiles'],
      [`/mpc/client/file/${client.id}/${firm.gst}`, 'service top level'],
    ]);
  });

  test('MPC: a folder and its dialogs', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await auditScreens(page, [[`/mpc/client/file/${client.id}/${firm.gst}/${folderId}`, 'folder']]);
    await page.getByRole('button', { name: 'Add File' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'upload dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete return.pdf' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'delete question');
  });

  test('PC: its screens', async ({ page }) => {
    await signIn(page, pc.email, pc.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    await auditScreens(page, [
      ['/pc/dashboard', 'PC dashboard'],
      ['/pc/executor', 'PC executor list'],
      ['/pc/client', 'PC client list'],
      ['/pc/file', 'PC files'],
    ]);
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

  test('client: its screens', async ({ page }) => {
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await auditScreens(page, [
      ['/client/dashboard', 'client dashboard'],
      ['/client/profile', 'client profile'],
      ['/client/edit', 'client profile edit'],
      ['/client/file', 'client files'],
      [`/client/file/${firm.gst}`, 'client service'],
    ]);
  });
});
