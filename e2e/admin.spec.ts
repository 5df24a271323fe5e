import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './support/e2e-env';
import { expect, signInAsAdmin, test } from './support/fixtures';

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/login', { data: E2E_ADMIN });
  return (await response.json()).data.token;
}

function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

test.describe('admin Services screen', () => {
  test('adds a service, edits it, and the notice closes itself', async ({ page }) => {
    const name = uniqueName('GST Return');
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/admin\/service$/);
    const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Services' }) });
    await expect(card.getByRole('columnheader')).toHaveText(['#', 'Service Name', 'Action']);

    await page.getByRole('button', { name: 'Add Service' }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByRole('heading', { name: 'Add Service' })).toBeVisible();
    await expect(modal.locator('.modal-footer').getByRole('button', { name: 'Close' })).toBeVisible();
    await modal.getByPlaceholder('Please enter service name').fill(name);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toBeHidden();
    const notice = page.getByRole('status').filter({ hasText: 'Service created successfully.' });
    await expect(notice).toBeVisible();
    await expect(card.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    // Closes itself after 3000 ms.
    await expect(notice).toBeHidden({ timeout: 4_500 });

    await card.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(modal.getByPlaceholder('Please enter service name')).toHaveValue(name);
    const id = await modal.locator('input[type="hidden"][name="service_id"]').inputValue();
    expect(Number(id)).toBeGreaterThan(0);
    await modal.getByPlaceholder('Please enter service name').fill(`${name} (edited)`);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toBeHidden();
    const updated = page.getByRole('status').filter({ hasText: 'Service updated successfully.' });
    await expect(updated).toBeVisible();
    await expect(card.getByRole('cell', { name: `${name} (edited)`, exact: true })).toBeVisible();
    // Its close icon closes it at once.
    await updated.getByRole('button', { name: 'Close alert' }).click();
    await expect(updated).toBeHidden();
  });

  test('an empty name shows the field message and a duplicate shows the server error under the field', async ({
    page,
    request,
  }) => {
    const name = uniqueName('ITR');
    const token = await adminToken(request);
    await request.post('/api/service/create', {
      data: { service_name: name },
      headers: { authorization: `Bearer ${token}` },
    });
    await signInAsAdmin(page);
    await page.goto('/admin/service');
    await page.getByRole('button', { name: 'Add Service' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('Please enter service name', { exact: true })).toBeVisible();

    await modal.getByPlaceholder('Please enter service name').fill(name.toUpperCase());
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('A service with this name already exists.')).toBeVisible();
    await expect(modal).toBeVisible();

    // Closing and reopening starts clean.
    await modal.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    await page.getByRole('button', { name: 'Add Service' }).click();
    await expect(modal.getByPlaceholder('Please enter service name')).toHaveValue('');
    await expect(modal.getByText('A service with this name already exists.')).toHaveCount(0);
  });

  test('pages with Prev and Next showing only the current page number', async ({ page, request }) => {
    const token = await adminToken(request);
    for (let index = 0; index < 11; index += 1) {
      await request.post('/api/service/create', {
        data: { service_name: uniqueName(`Paged ${index}`) },
        headers: { authorization: `Bearer ${token}` },
      });
    }
    await signInAsAdmin(page);
    await page.goto('/admin/service');
    const pager = page.getByRole('navigation', { name: 'Services pages' });
    await expect(pager.getByRole('listitem')).toHaveCount(3);
    // The active item carries a visually hidden "(current)" for screen readers.
    await expect(pager.locator('.active')).toHaveText(/^1(\(current\))?$/);
    await expect(page.locator('tbody tr')).toHaveCount(10);
    await expect(page.locator('tbody tr').first().locator('td').first()).toHaveText('1');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.locator('.active')).toHaveText(/^2(\(current\))?$/);
    await expect(page.locator('tbody tr').first().locator('td').first()).toHaveText('11');
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.locator('.active')).toHaveText(/^1(\(current\))?$/);
  });
});
