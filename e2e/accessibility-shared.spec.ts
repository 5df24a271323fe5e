import type { Page } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, signIn, test } from './support/fixtures';
import { createFirm, createFolderWithFile, createUserAs } from './support/people';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A client's service handed over to another firm (issue 22), at 1280 and 390 px: what the receiving
 * firm's MPC and its PC see of it, from the dashboard's "Shared with you by other firms" to a folder.
 */
test.describe('accessibility of a service handed to another firm, at both widths', () => {
  let helper: Awaited<ReturnType<typeof createFirm>>;
  let helperPc: Awaited<ReturnType<typeof createUserAs>>;
  let client: Awaited<ReturnType<typeof createUserAs>>;
  let gst: number;
  let folderId: number;

  // The owner firm hands its client's GST to the helper firm, whose MPC gives an item of it to its PC.
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    const owner = await createFirm(request);
    helper = await createFirm(request);
    gst = owner.gst;
    client = await createUserAs(request, owner.token, 'client', 'Axesharedclient', [owner.gst, owner.itr]);
    helperPc = await createUserAs(request, helper.token, 'pc', 'Axesharedpc');
    folderId = await createFolderWithFile(
      request,
      owner.token,
      { clientId: client.id, serviceId: owner.gst },
      { folder: 'Returns', file: 'gstr-3b-april.pdf', clientCanDelete: false },
    );
    const helperUsername = (await (await request.get('/api/me', { headers: bearer(helper.token) })).json()).data
      .username;
    const modeSet = await request.put('/api/service/updateAssignType', {
      headers: bearer(owner.token),
      data: { client_id: client.id, assign_service_type: false },
    });
    expect(modeSet.ok()).toBe(true);
    const handed = await request.post('/api/service/assignMPC', {
      headers: bearer(owner.token),
      data: { client_id: client.id, service_id: owner.gst, mpc_username: helperUsername },
    });
    expect(handed.status()).toBe(200);
    const made = await request.post('/api/work', {
      headers: bearer(helper.token),
      data: {
        client_id: client.id,
        service_id: owner.gst,
        title: 'Reply to the GST notice',
        due_date: '2026-06-15',
        assignee_id: helperPc.id,
      },
    });
    expect(made.status()).toBe(201);
    await request.dispose();
  });

  // One screen a test, judged twice (axe at each width): three screens in one came past 30 s under load.
  const signInAs = async (page: Page, who: { email: string; password: string }) => {
    await signIn(page, who.email, who.password);
    await expect(page).toHaveURL(/\/(mpc|pc)\/dashboard$/);
  };
  const sharedLink = (page: Page) => page.getByRole('link', { name: /Axesharedclient.*: GST Filing/ });

  test('the receiving MPC: its dashboard’s "Shared with you by other firms" card', async ({ page }) => {
    await signInAs(page, helper.mpc);
    await expect(sharedLink(page)).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'dashboard shared with you');
  });

  test('the receiving MPC: the shared client’s services', async ({ page }) => {
    await signInAs(page, helper.mpc);
    await page.goto(`/mpc/client/file/${client.id}`);
    await expect(page.getByRole('link', { name: 'GST Filing' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'a shared client’s services');
  });

  test('the receiving MPC: the handed-over service', async ({ page }) => {
    await signInAs(page, helper.mpc);
    await page.goto(`/mpc/client/file/${client.id}/${gst}`);
    await expect(page.getByRole('link', { name: 'Returns' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'a shared service');
  });

  test('the receiving MPC: a folder of the handed-over service', async ({ page }) => {
    await signInAs(page, helper.mpc);
    await page.goto(`/mpc/client/file/${client.id}/${gst}/${folderId}`);
    await expect(page.getByText('gstr-3b-april.pdf').first()).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'a shared service’s folder');
  });

  test('the receiving firm’s PC: its dashboard’s card', async ({ page }) => {
    await signInAs(page, helperPc);
    await expect(sharedLink(page)).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'PC dashboard shared with you');
  });

  test('the receiving firm’s PC: the handed-over service', async ({ page }) => {
    await signInAs(page, helperPc);
    await page.goto(`/pc/client/file/${client.id}/${gst}`);
    await expect(page.getByRole('link', { name: 'Returns' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'a shared service, for the PC');
  });

  test('the receiving firm’s PC: a folder of the handed-over service', async ({ page }) => {
    await signInAs(page, helperPc);
    await page.goto(`/pc/client/file/${client.id}/${gst}/${folderId}`);
    await expect(page.getByText('gstr-3b-april.pdf').first()).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'a shared service’s folder, for the PC');
  });
});
