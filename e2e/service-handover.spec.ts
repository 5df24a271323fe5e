import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs } from './support/people';

// A client service handed to another firm (client in MPC mode): what the receiving firm reaches.
test('another firm’s MPC reaches the shared service from its dashboard, and only that service', async ({
  page,
  request,
}) => {
  const owner = await createFirm(request);
  const helper = await createFirm(request);
  const client = await createUserAs(request, owner.token, 'client', 'Sharedclient', [owner.gst, owner.itr]);
  const headers = { authorization: `Bearer ${owner.token}` };
  const helperUsername = (
    await (await request.get('/api/me', { headers: { authorization: `Bearer ${helper.token}` } })).json()
  ).data.username;
  await request.put('/api/service/updateAssignType', {
    headers,
    data: { client_id: client.id, assign_service_type: false },
  });
  await request.post('/api/service/assignMPC', {
    headers,
    data: { client_id: client.id, service_id: owner.gst, mpc_username: helperUsername },
  });

  await signIn(page, helper.mpc.email, helper.mpc.password);
  await expect(page).toHaveURL(/\/mpc\/dashboard$/);
  const shared = page
    .locator('.card')
    .filter({ has: page.getByRole('heading', { name: 'Shared with you by other firms' }) });
  await shared.getByRole('link', { name: /Sharedclient Demo: GST Filing/ }).click();
  await expect(page).toHaveURL(new RegExp(`/mpc/client/file/${client.id}/${owner.gst}$`));
  await page.getByRole('button', { name: 'Add Folder' }).click();
  await page.getByRole('dialog').getByPlaceholder('Please enter folder name').fill('From the helper firm');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: 'From the helper firm' })).toBeVisible();
  // Whose files and which service, though the helper firm never sees the client's record (issue 22).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Files of Sharedclient Demo');
  await expect(page).toHaveTitle('GST Filing · Sharedclient Demo · Files · Practice Portal');
  const crumbs = page.getByRole('navigation', { name: 'Folder path' });
  await expect(crumbs).toContainText('GST Filing');
  // "Services" leads to the one service handed over, not "Client not found."
  await crumbs.getByRole('link', { name: 'Services' }).click();
  await expect(page.getByRole('link', { name: 'GST Filing' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ITR Filing' })).toHaveCount(0);
  await page.goto(`/mpc/client/file/${client.id}/${owner.itr}`);
  await expect(page.getByRole('alert')).toContainText('Client or service not found.');
});

test('the firm a service was handed to gives an item of it to its own PC, who opens the item and its files only', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = await createFirm(request);
  const helper = await createFirm(request);
  const client = await createUserAs(request, owner.token, 'client', 'Handedclient', [owner.gst, owner.itr]);
  const helperPc = await createUserAs(request, helper.token, 'pc', 'Helperpc');
  const ownerHeaders = { authorization: `Bearer ${owner.token}` };
  const helperHeaders = { authorization: `Bearer ${helper.token}` };
  const helperUsername = (await (await request.get('/api/me', { headers: helperHeaders })).json()).data.username;
  await request.put('/api/service/updateAssignType', {
    headers: ownerHeaders,
    data: { client_id: client.id, assign_service_type: false },
  });
  const handed = await request.post('/api/service/assignMPC', {
    headers: ownerHeaders,
    data: { client_id: client.id, service_id: owner.gst, mpc_username: helperUsername },
  });
  expect(handed.status()).toBe(200);
  // The helper firm's own item for the service handed to it (it stays with its MPC until handed on).
  const title = `Reply to GST notice ${Date.now()}`;
  const created = await request.post('/api/work', {
    headers: helperHeaders,
    data: { client_id: client.id, service_id: owner.gst, title, due_date: '2026-06-15' },
  });
  expect(created.status()).toBe(201);
  const workId = (await created.json()).data.id as number;

  // The helper MPC hands it to its own PC from the item's form, which offers its firm's people.
  await signIn(page, helper.mpc.email, helper.mpc.password);
  await expect(page).toHaveURL(/\/mpc\/dashboard$/);
  await page.goto(`/mpc/work/${workId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByLabel('Assignee').selectOption({ label: 'Helperpc Demo' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Work item saved.' })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: /changed the assignee from .* to Helperpc Demo/ }),
  ).toBeVisible();

  // The PC finds it under "My work", opens it and the service's files, named by the client.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, helperPc.email, helperPc.password);
  await expect(page).toHaveURL(/\/pc\/dashboard$/);
  await page.getByRole('region', { name: 'My work' }).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Files of GST Filing' }).click();
  await expect(page).toHaveURL(new RegExp(`/pc/client/file/${client.id}/${owner.gst}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Files of Handedclient Demo');
  await page.getByRole('button', { name: 'Add Folder' }).click();
  await page.getByRole('dialog').getByPlaceholder('Please enter folder name').fill('Notice reply');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: 'Notice reply' })).toBeVisible();
  // Only that service: "Services" shows GST alone, ITR and the client's record stay out of reach.
  await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'Services' }).click();
  await expect(page.getByRole('link', { name: 'GST Filing' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ITR Filing' })).toHaveCount(0);
  await page.goto(`/pc/client/file/${client.id}/${owner.itr}`);
  await expect(page.getByRole('alert')).toContainText('Client or service not found.');
  // Its dashboard leads back to the service, at 390 px without sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/pc/dashboard');
  const shared = page
    .locator('.card')
    .filter({ has: page.getByRole('heading', { name: 'Shared with you by other firms' }) });
  await expect(shared.getByRole('link', { name: /Handedclient Demo: GST Filing/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
