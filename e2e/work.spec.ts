import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { askForDocuments, createFirmWithGstWork, listWork, PDF_BYTES } from './support/people';

/** The next person signs in on the same browser (signing out is not what this journey is about). */
async function forgetSession(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

test.describe('practice work', () => {
  test('an MPC assigns a client’s GSTR-3B to a PC, the PC files it with its ARN, the client sees it filed', async ({
    page,
    request,
  }) => {
    const { firm, pc, client, suffix } = await createFirmWithGstWork(request, { pc: 'Filer', client: 'Kirana' });
    const [first] = await listWork(request, firm.token);
    expect(first?.title).toMatch(/^GSTR-3B · /);
    const title = first?.title as string;

    // The MPC finds the client's GSTR-3B on the Work tab, still to do, and hands it to the PC.
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Work', exact: true }).click();
    const row = page
      .getByRole('row')
      .filter({ hasText: `Kirana${suffix}` })
      .filter({ hasText: title });
    await expect(row.getByText('Not started')).toBeVisible();
    await row.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.getByLabel('Assignee').selectOption({ label: `Filer${suffix} Demo` });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Work item saved.' })).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: `changed the assignee from nothing to Filer${suffix} Demo` }),
    ).toBeVisible();

    // The PC sees it under "My work", files it: the ARN is asked for, then kept.
    await forgetSession(page);
    await signIn(page, pc.email, pc.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    await page.getByRole('region', { name: 'My work' }).getByRole('link', { name: title }).click();
    await page.getByLabel('Status').selectOption('filed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter the acknowledgement or ARN number to mark this filed.')).toBeVisible();
    // The refusal stays: the item read again after it does not undo the choice or hide the message.
    await page.waitForLoadState('networkidle');
    await expect(page.getByLabel('Status')).toHaveValue('filed');
    await expect(page.getByLabel('Acknowledgement / ARN number')).toHaveAccessibleDescription(
      'Enter the acknowledgement or ARN number to mark this filed.',
    );
    await page.getByLabel('Acknowledgement / ARN number').fill('AA2911260123456');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Work item saved.' })).toBeVisible();
    await expect(page.getByText('AA2911260123456').first()).toBeVisible();

    // The client sees it filed, with the acknowledgement number, on its dashboard.
    await forgetSession(page);
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    const filed = page.getByRole('region', { name: 'Filed for you' });
    await expect(filed.getByRole('link', { name: title })).toBeVisible();
    await expect(filed.getByText(/^Filed on \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await expect(filed.getByText('AA2911260123456')).toBeVisible();
  });

  test('an MPC asks for the sales register, the client uploads it, the PC accepts it and files; the client sees Filed', async ({
    page,
    request,
  }) => {
    const { firm, pc, client } = await createFirmWithGstWork(request, { pc: 'Reviewer', client: 'Traders' });
    const assigned = await request.post('/api/service/assignPC', {
      headers: { authorization: `Bearer ${firm.token}` },
      data: { client_id: client.id, service_id: firm.gst, pc_id: pc.id },
    });
    expect(assigned.ok()).toBe(true);
    const [work] = (await listWork(request, firm.token)).filter((item) => item.client_id === client.id);
    const title = work?.title as string;
    const neededBy = new Date(Date.now() + 5 * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const [year, month, day] = neededBy.split('-');

    // The MPC asks for the sales register from the work item's page.
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/work/${work?.id}`);
    const ask = page.getByRole('region', { name: 'Request documents' });
    await ask.getByLabel('Document 1').fill('Sales register');
    await ask.getByLabel('Message (optional)').fill('For this month’s return, please.');
    await ask.getByLabel('Needed by').fill(`${day}/${month}/${year}`);
    await ask.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Documents requested.' })).toBeVisible();
    const requests = page.getByRole('region', { name: 'Document requests' });
    await expect(requests.getByText('Waiting for upload')).toBeVisible();
    await expect(page.getByText('Awaiting documents').first()).toBeVisible();

    // The client finds it under "What we need from you" and uploads it there.
    await forgetSession(page);
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    const needed = page.getByRole('region', { name: 'What we need from you' });
    await expect(needed.getByRole('link', { name: title })).toBeVisible();
    await expect(needed.getByText('For this month’s return, please.')).toBeVisible();
    await needed.getByLabel('File for Sales register').setInputFiles({
      name: 'sales-register.pdf',
      mimeType: 'application/pdf',
      buffer: PDF_BYTES,
    });
    await needed.getByRole('button', { name: 'Upload Sales register' }).click();
    await expect(needed.getByText('Uploaded, to review')).toBeVisible();
    await expect(needed.getByRole('link', { name: 'sales-register.pdf' })).toBeVisible();

    // The PC who handles the service accepts it: the request is complete, the work goes on; the PC files.
    await forgetSession(page);
    await signIn(page, pc.email, pc.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    await page.goto(`/pc/work/${work?.id}`);
    await page.getByRole('button', { name: 'Accept Sales register' }).click();
    const done = page.getByRole('region', { name: 'Document requests' });
    await expect(done.getByText('Document accepted.')).toBeVisible();
    await expect(done.getByText('Complete', { exact: true })).toBeVisible();
    await expect(done.getByText('Accepted', { exact: true })).toBeVisible();
    await page.getByLabel('Status').selectOption('filed');
    // Saved without the ARN: refused, and the refusal stays on screen once the item is read again.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel('Acknowledgement / ARN number')).toHaveAccessibleDescription(
      'Enter the acknowledgement or ARN number to mark this filed.',
    );
    await page.waitForLoadState('networkidle');
    await expect(page.getByLabel('Status')).toHaveValue('filed');
    await expect(page.getByLabel('Acknowledgement / ARN number')).toHaveAccessibleDescription(
      'Enter the acknowledgement or ARN number to mark this filed.',
    );
    await page.getByLabel('Acknowledgement / ARN number').fill('AA2911260654321');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Work item saved.' })).toBeVisible();

    // The client: nothing more is needed, and the return is filed with its ARN.
    await forgetSession(page);
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await expect(
      page.getByRole('region', { name: 'What we need from you' }).getByText('Nothing is needed from you right now.'),
    ).toBeVisible();
    const filed = page.getByRole('region', { name: 'Filed for you' });
    await expect(filed.getByRole('link', { name: title })).toBeVisible();
    await expect(filed.getByText(/^Filed on \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await expect(filed.getByText('AA2911260654321')).toBeVisible();
  });

  test('the client uploads a requested document: its Recent Files lists it without a reload', async ({
    page,
    request,
  }) => {
    const { firm, client } = await createFirmWithGstWork(request, { pc: 'Unused', client: 'Recentfiles' });
    const [work] = (await listWork(request, firm.token)).filter((item) => item.client_id === client.id);
    await askForDocuments(request, firm.token, work?.id as number, ['Purchase register']);

    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    const recent = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Recent Files' }) });
    await expect(recent.getByText('No files yet.')).toBeVisible();
    const needed = page.getByRole('region', { name: 'What we need from you' });
    await needed.getByLabel('File for Purchase register').setInputFiles({
      name: 'purchase-register.pdf',
      mimeType: 'application/pdf',
      buffer: PDF_BYTES,
    });
    await needed.getByRole('button', { name: 'Upload Purchase register' }).click();
    await expect(needed.getByText('Uploaded, to review')).toBeVisible();
    await expect(recent.getByRole('link', { name: 'purchase-register.pdf' })).toBeVisible();
    await expect(recent.getByText('No files yet.')).toHaveCount(0);
  });
});
