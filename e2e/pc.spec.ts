import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs } from './support/people';

test.describe('PC area', () => {
  test('a PC signs in, sees the client it is assigned to, adds an executor and keeps links in Files', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const pc = await createUserAs(request, firm.token, 'pc', 'Pcuser');
    const client = await createUserAs(request, firm.token, 'client', 'Assigned', [firm.gst]);
    await createUserAs(request, firm.token, 'client', 'Unassigned', [firm.gst]);
    await request.post('/api/service/assignPC', {
      headers: { authorization: `Bearer ${firm.token}` },
      data: { client_id: client.id, service_id: firm.gst, pc_id: pc.id },
    });

    await signIn(page, pc.email, pc.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    for (const tab of ['Dashboard', 'Executors', 'Client', 'Files']) {
      await expect(
        page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: tab, exact: true }),
      ).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Total Clients' })).toBeVisible();

    await page.getByRole('link', { name: 'Client', exact: true }).click();
    const list = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Clients List' }) });
    await expect(list.getByRole('cell', { name: client.email })).toBeVisible();
    await expect(list.locator('tbody tr')).toHaveCount(1);
    // The row offers only what the server allows: files of the assigned service, no Disable (docs/authorization.md).
    await expect(list.getByRole('link', { name: /Service files of Assigned/ })).toBeVisible();
    await expect(list.getByRole('button', { name: /Disable Assigned/ })).toHaveCount(0);
    const href = await list.getByRole('link', { name: /Details of/ }).getAttribute('href');
    await page.goto(href as string);
    await expect(page.getByRole('heading', { name: 'Client Details' })).toBeVisible();
    // Assigned, not created by this PC: it sees the client but does not edit it or its family.
    await expect(page.getByRole('link', { name: 'Edit Client' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Add family member' })).toHaveCount(0);

    await page.goto('/pc/executor');
    await expect(page.getByRole('heading', { name: 'Add Executor' })).toBeVisible();
    await page.goto('/pc/file');
    await page.getByLabel('Label').fill('GST portal');
    await page.getByLabel('Value').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter a web address starting with http:// or https://.')).toBeVisible();
    await page.getByLabel('Value').fill('https://www.gst.gov.in');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('link', { name: 'https://www.gst.gov.in' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove GST portal' }).click();
    await expect(page.getByRole('link', { name: 'https://www.gst.gov.in' })).toHaveCount(0);
  });
});
