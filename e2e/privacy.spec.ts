import type { APIRequestContext } from '@playwright/test';
import { auditScreens, expectAccessible } from './support/accessibility';
import { expect, signIn, signInAsAdmin, test } from './support/fixtures';
import { createFirm, createUserAs, takeOverPassword, uniqueSuffix } from './support/people';
import { expectNoSidewaysScroll } from './support/phone-layout';

const CONTACT = { name: 'Anita Rao', email: 'privacy@raoandco.test', phone: '080 4123 4567' };

/** A firm with its data protection contact named, and a client made with a typed password, its notice not accepted. */
async function createFirmAndNewClient(request: APIRequestContext) {
  const firm = await createFirm(request);
  const headers = { authorization: `Bearer ${firm.token}` };
  await request.put('/api/privacy/contact', { headers, data: CONTACT });
  const email = `nisha.${uniqueSuffix()}@client.test`;
  const created = await request.post('/api/user/create', {
    headers,
    multipart: {
      role_id: '5',
      first_name: 'Nisha',
      last_name: 'Kapoor',
      email,
      mobile_number: '9876543210',
      password: 'Secret@123',
      pincode: '560001',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'IN',
      nature_of_service: JSON.stringify([firm.gst]),
    },
  });
  expect(created.status()).toBe(201);
  const password = await takeOverPassword(request, email, 'Secret@123', { acceptNotice: false });
  return { firm, client: { email, password } };
}

test.describe('the privacy notice', () => {
  test('a client accepts the notice at its first sign-in and lands on its dashboard', async ({ page, request }) => {
    const { client } = await createFirmAndNewClient(request);
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/account-setup$/);
    await expect(page.getByRole('heading', { name: 'Privacy notice', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Your rights/ })).toBeVisible();
    await expect(page.getByText(/Data Protection Board of India/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: CONTACT.email })).toBeVisible();
    await expectAccessible(page, 'the privacy notice to accept');
    // Nothing else opens meanwhile: the dashboard leads back to the notice.
    await page.goto('/client/dashboard');
    await expect(page).toHaveURL(/\/account-setup$/);

    await page.getByRole('button', { name: 'I accept' }).click();
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    // Every page's foot names the firm's data protection contact.
    await expect(page.getByRole('contentinfo')).toContainText(`Data protection contact: ${CONTACT.name}`);
  });

  test('the notice at phone width, and the client withdraws its consent from its profile', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { client } = await createFirmAndNewClient(request);
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/account-setup$/);
    await expectNoSidewaysScroll(page, 'the privacy notice');
    await page.getByRole('button', { name: 'I accept' }).click();
    await expect(page).toHaveURL(/\/client\/dashboard$/);

    await page.goto('/client/profile');
    await expect(page.getByText(/You accepted version 0 of/)).toBeVisible();
    await page.getByRole('button', { name: 'Withdraw my consent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw your consent' });
    await expect(dialog).toContainText('your firm may stop the services that need your personal data');
    await expectAccessible(page, 'withdrawing consent, on a phone');
    await dialog.getByRole('button', { name: 'Withdraw my consent' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'You withdrew your consent on' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'profile after withdrawing consent');
  });

  test('the MPC’s Privacy screen: its acceptances, and its contact refused then saved', async ({ page, request }) => {
    const firm = await createFirm(request);
    await createUserAs(request, firm.token, 'client', 'Asha', [firm.gst]);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await auditScreens(page, [['/mpc/privacy', 'MPC privacy']]);
    await expect(page.getByRole('cell', { name: /Asha Demo/ })).toBeVisible();
    await page.getByLabel('Name').fill(CONTACT.name);
    await page.getByLabel('Email').fill('not an email');
    await page.getByLabel('Phone').fill(CONTACT.phone);
    await page.getByRole('button', { name: 'Save contact' }).click();
    await expect(page.getByText('Enter a valid email address.').first()).toBeVisible();
    await page.getByLabel('Email').fill(CONTACT.email);
    await page.getByRole('button', { name: 'Save contact' }).click();
    await expect(page.getByText('Data protection contact saved.')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(CONTACT.email);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 'MPC privacy, on a phone');
  });

  test('the admin’s Privacy screen: the portal’s own contact', async ({ page }) => {
    await signInAsAdmin(page);
    await auditScreens(page, [['/admin/privacy', 'admin privacy']]);
    await page.getByLabel('Name').fill('Portal Privacy Desk');
    await page.getByLabel('Email').fill('dpo@portal.test');
    await page.getByLabel('Phone').fill('1800 123 4567');
    await page.getByRole('button', { name: 'Save contact' }).click();
    await expect(page.getByText('Data protection contact saved.')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('dpo@portal.test');
  });
});
