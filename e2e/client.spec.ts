import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs } from './support/people';

test.describe('Client area', () => {
  test('a client sees its services, its profile and its family members, and edits its profile', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', 'Selfclient', [firm.gst]);
    await request.post('/api/member/create', {
      headers: { authorization: `Bearer ${firm.token}` },
      data: {
        member_name: 'Ravi',
        mobile_number: '9123456780',
        email_id: 'ravi@family.test',
        service_id: firm.gst,
        user_id: client.id,
      },
    });

    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    const services = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'My Services' }) });
    await expect(services.getByText('GST Filing')).toBeVisible();

    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Client Details' })).toBeVisible();
    await expect(page.getByText(client.email)).toBeVisible();
    const family = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Family Member' }) });
    await expect(family.getByRole('cell', { name: 'Ravi', exact: true })).toBeVisible();
    await family.getByLabel('Name').fill('Meera');
    await family.getByLabel('Mobile number').fill('9123456781');
    await family.getByLabel('Email Id').fill('meera@family.test');
    await family.getByLabel('Service').selectOption({ label: 'GST Filing' });
    await family.getByRole('button', { name: 'Add' }).click();
    await expect(family.getByRole('cell', { name: 'Meera', exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(/\/client\/edit$/);
    await page.getByLabel('Mobile number').fill('9000000001');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Profile updated successfully.' })).toBeVisible();

    // Other areas are closed to a client.
    await page.goto('/mpc/client');
    await expect(page).toHaveURL(/\/client\/dashboard$/);
  });

  test('a business client edits its own profile by its legal name, with no last name', async ({ page, request }) => {
    const firm = await createFirm(request);
    const business = await createUserAs(request, firm.token, 'client', 'Meena', [firm.gst], {
      first_name: 'Meena Traders',
      last_name: '',
      client_status_id: '3',
    });

    await signIn(page, business.email, business.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await page.goto('/client/edit');
    await expect(page.getByLabel('Legal name')).toHaveValue('Meena Traders');
    await expect(page.getByLabel('Last name (optional)')).toHaveValue('');
    await page.getByLabel('Legal name').fill('Meena Traders & Co');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Profile updated successfully.' })).toBeVisible();
    await expect(page.getByText('Last name is required')).toHaveCount(0);
  });
});
