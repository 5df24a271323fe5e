import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs } from './support/people';

test.describe('knowing where you are', () => {
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
  });
});
