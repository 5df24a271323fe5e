import { expect, signIn, test } from './support/fixtures';
import { apiToken, createFirm, createUserAs } from './support/people';

test.describe('knowing where you are', () => {
  test('every page about one client carries its header: name, PAN, status, who is assigned, and its other pages', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', 'Headerclient', [firm.gst], {
      pan_number: 'AAKPM1234C',
      client_status_id: '1',
    });
    const pc = await createUserAs(request, firm.token, 'pc', 'Assignedpc');
    await request.post('/api/service/assignPC', {
      headers: { authorization: `Bearer ${firm.token}` },
      data: { client_id: client.id, service_id: firm.gst, pc_id: pc.id },
    });
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/client/detail/${client.id}`);
    const header = page.getByRole('region', { name: 'Client' });
    await expect(header).toContainText('Headerclient Demo');
    await expect(header).toContainText('PAN AAKPM1234C');
    await expect(header).toContainText('Individual');
    await expect(header).toContainText('Assigned: Assignedpc Demo (PC)');
    await expect(page).toHaveTitle('Headerclient Demo · Client Details · Practice Portal');
    const pages = header.getByRole('navigation', { name: "This client's pages" });
    await pages.getByRole('link', { name: 'Assign services' }).click();
    await expect(page).toHaveURL(new RegExp(`/mpc/client/assign-service/${client.id}$`));
    await expect(header).toContainText('Headerclient Demo');
    await pages.getByRole('link', { name: 'Files' }).click();
    await expect(page.getByRole('heading', { name: 'Files of Headerclient Demo' })).toBeVisible();
    await expect(pages.getByRole('link', { name: 'Files' })).toHaveAttribute('aria-current', 'page');
    await pages.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/mpc/client/edit/${client.id}$`));
    await expect(header).toContainText('PAN AAKPM1234C');

    // The assigned PC sees the same header, without the MPC's assignment page.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, pc.email, pc.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    await page.goto(`/pc/client/detail/${client.id}`);
    await expect(header).toContainText('Assigned: Assignedpc Demo (PC)');
    await expect(pages.getByRole('link', { name: 'Assign services' })).toHaveCount(0);
    await expect(pages.getByRole('link', { name: 'Files' })).toBeVisible();
  });

  test('an unknown, foreign or mistyped id reads as “Client not found.”, and icon actions name themselves', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const other = await createFirm(request);
    const theirs = await createUserAs(request, other.token, 'client', 'Theirs', [other.gst]);
    const pc = await createUserAs(request, firm.token, 'pc', 'Notaclient');
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    for (const path of [
      `/mpc/client/detail/${theirs.id}`,
      '/mpc/client/detail/abc',
      `/mpc/client/detail/${pc.id}`,
      `/mpc/client/edit/${theirs.id}`,
      `/mpc/client/assign-service/${theirs.id}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole('alert')).toHaveText('Client not found.');
    }
    await page.goto(`/mpc/client/file/${theirs.id}/${other.gst}`);
    await expect(page.getByRole('alert')).toHaveText('Client or service not found.');

    await page.goto('/mpc/file');
    await page.getByLabel('Label').fill('GST portal');
    await page.getByLabel('Value').fill('https://www.gst.gov.in');
    await page.getByRole('button', { name: 'Save' }).click();
    const remove = page.getByRole('button', { name: 'Remove GST portal' });
    await remove.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Remove GST portal');

    // Removed meanwhile (another tab): the removal here says why instead of failing silently.
    const token = await apiToken(request, firm.mpc.email, firm.mpc.password);
    const listed = await (
      await request.get('/api/userLink/list', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const link = listed.data.find((entry: { label: string }) => entry.label === 'GST portal');
    await request.delete(`/api/userLink/remove/${link.user_link_id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await remove.click();
    await expect(page.getByRole('alert')).toContainText('Link not found.');
  });
});
