import type { Page } from '@playwright/test';
import { expect, signIn, signInAsAdmin, test } from './support/fixtures';
import { adminToken, createFirm, createUserAs, ensureService, uniqueSuffix } from './support/people';

/** The next person signs in on the same browser (signing out is not what this journey is about). */
async function forgetSession(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

test.describe('checklists per service', () => {
  test('the admin writes a service’s checklist, the MPC’s new item has it, steps tick, the setting holds filing', async ({
    page,
    request,
  }) => {
    const suffix = uniqueSuffix();
    // A service of its own: the platform's checklist written here reaches no other journey's items.
    const serviceName = `Audit ${suffix}`;
    const serviceId = await ensureService(request, await adminToken(request), serviceName);
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', `Ledger${suffix}`, [serviceId]);

    // The admin opens Checklists from Services and writes the service's steps.
    await signInAsAdmin(page);
    await page.goto('/admin/service');
    await page.getByRole('link', { name: 'Checklists' }).click();
    await expect(page.getByRole('heading', { name: 'Checklists' })).toBeVisible();
    await page.getByLabel('Service').selectOption({ label: serviceName });
    await page.getByLabel(/^Steps, one a line/).fill('Trial balance received\nLedgers reconciled\nReport signed');
    await page.getByRole('button', { name: 'Save checklist' }).click();
    await expect(page.getByText('Checklist saved. New work items of this service get it.')).toBeVisible();

    // The firm's new item of that service comes with the platform's checklist.
    const made = await request.post('/api/work', {
      headers: { authorization: `Bearer ${firm.token}` },
      data: { client_id: client.id, service_id: serviceId, title: 'Tax audit 2025-26', due_date: '2026-12-31' },
    });
    expect(made.status()).toBe(201);
    const workId = (await made.json()).data.id as number;
    await forgetSession(page);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/work/${workId}`);
    const checklist = page.getByRole('region', { name: 'Checklist' });
    await expect(checklist.getByText('0 of 3 done')).toBeVisible();
    await checklist.getByLabel('Trial balance received').check();
    await expect(checklist.getByText('1 of 3 done')).toBeVisible();
    await expect(checklist.getByLabel('Trial balance received')).toHaveAccessibleDescription(
      /^Ticked by Firm Owner\S* on \d{2}\/\d{2}\/\d{4}/,
    );

    // The firm's setting: an item is filed only once its checklist is done.
    await page.goto('/mpc/dashboard');
    const setting = page.getByRole('region', { name: 'Checklists' });
    await setting.getByLabel('An item moves to filed or completed only when its checklist is done').check();
    await setting.getByRole('button', { name: 'Save' }).click();
    await expect(setting.getByRole('status')).toBeVisible();

    await page.goto(`/mpc/work/${workId}`);
    await page.getByLabel('Status').selectOption('completed');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByLabel('Status')).toHaveAccessibleDescription(
      '2 checklist steps are still open. Tick them before the item is filed or completed.',
    );
    await checklist.getByLabel('Ledgers reconciled').check();
    await expect(checklist.getByText('2 of 3 done')).toBeVisible();
    await checklist.getByLabel('Report signed').check();
    await expect(checklist.getByText('3 of 3 done')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Work item saved.' })).toBeVisible();
  });
});
