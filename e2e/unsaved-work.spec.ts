import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs, field } from './support/people';

test.describe('work is not lost', () => {
  test('an edit form with changes asks before leaving, has Cancel, and saves without a question', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', 'Unsaved', [firm.gst]);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/client/edit/${client.id}`);
    const firstName = field(page.locator('form'), 'First name');
    await expect(firstName).toHaveValue('Unsaved');

    // Unchanged, Cancel simply goes back to the client's details.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/mpc/client/detail/${client.id}$`));
    await page.goto(`/mpc/client/edit/${client.id}`);

    await firstName.fill('Changed');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Client', exact: true }).click();
    const question = page.getByRole('dialog');
    await expect(question.getByRole('heading', { name: 'Leave without saving?' })).toBeVisible();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/mpc/client/edit/${client.id}$`));
    await expect(firstName).toHaveValue('Changed');

    await page.locator('form').getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(new RegExp(`/mpc/client/detail/${client.id}$`));
    await expect(page.getByText('Changed', { exact: true })).toHaveCount(0);

    await page.goto(`/mpc/client/edit/${client.id}`);
    await firstName.fill('Saved');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('signing in lands on the page asked for, when it belongs to the one signing in', async ({ page, request }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', 'Deeplink', [firm.gst]);
    await page.goto(`/mpc/client/detail/${client.id}`);
    await expect(page).toHaveURL(/\/login$/);
    await signInFromHere(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(new RegExp(`/mpc/client/detail/${client.id}$`));

    // Someone of another role lands on its own dashboard instead.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/mpc/client/detail/${client.id}`);
    await signInFromHere(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
  });

  test('an executor’s first sign-in asks only what an executor gives', async ({ page, request }) => {
    const firm = await createFirm(request);
    const executor = await createUserAs(request, firm.token, 'executor', 'Newexec');
    await signIn(page, executor.email, executor.password);
    await expect(page.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
    const form = page.locator('form');
    await expect(field(form, 'First name')).toHaveValue('Newexec');
    for (const absent of ['Qualification', 'Practice since', 'Logo', 'Alternate email']) {
      await expect(form.getByText(absent, { exact: true })).toHaveCount(0);
    }
    await expect(form.getByText('Nature of service')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/executor\/dashboard$/);
  });
});

/** Signs in on the sign-in page already open, keeping where the guard said the visitor was going. */
async function signInFromHere(page: import('@playwright/test').Page, email: string, password: string) {
  await page.getByLabel('Email/Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
