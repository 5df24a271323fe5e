import { auditScreens, expectAccessible } from './support/accessibility';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, signIn, test } from './support/fixtures';
import { apiToken, createFirm, createUserAs } from './support/people';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The data request screens (issue 25), judged by axe with rows in them, a download ready and an error shown. */
test.describe('accessibility of data requests', () => {
  let firm: Awaited<ReturnType<typeof createFirm>>;
  let client: Awaited<ReturnType<typeof createUserAs>>;
  let pc: Awaited<ReturnType<typeof createUserAs>>;
  let access: number;

  // A client with an access request whose download is ready and an answered grievance, and a PC.
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    firm = await createFirm(request);
    client = await createUserAs(request, firm.token, 'client', 'Axerights', [firm.gst]);
    pc = await createUserAs(request, firm.token, 'pc', 'Axerightspc');
    const clientToken = await apiToken(request, client.email, client.password);
    const ask = async (data: object) => {
      const asked = await request.post('/api/me/rights-requests', { headers: bearer(clientToken), data });
      expect(asked.status()).toBe(201);
      return (await asked.json()).data.id as number;
    };
    access = await ask({ kind: 'access' });
    const grievance = await ask({ kind: 'grievance', details: 'My PAN was shown to another client.' });
    await request.post(`/api/rights-requests/${access}/download`, { headers: bearer(firm.token) });
    await request.post(`/api/rights-requests/${grievance}/answer`, {
      headers: bearer(firm.token),
      data: { answer: 'We have changed who sees client lists.' },
    });
    await request.dispose();
  });

  test('MPC: the queue and a request with its download ready', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await auditScreens(page, [
      ['/mpc/data-requests?status=all', 'data requests, all of them, with the days setting'],
      [`/mpc/data-requests/${access}`, 'an access request with its download ready'],
    ]);
  });

  test('MPC: the refuse dialog with an error, and a PC’s data request permission', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/data-requests/${access}`);
    await page.getByRole('button', { name: 'Refuse or close' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refuse or close' }).click();
    await expect(page.getByRole('dialog').getByLabel('Reason')).toHaveAccessibleDescription(
      'Say why the request is refused or closed.',
    );
    await expectAccessible(page, 'the refuse dialog with an error');
    await auditScreens(page, [[`/mpc/pc/detail/${pc.id}`, 'PC details with its data request permission']]);
  });

  test('client: Your data with an answer, a download ready and an error', async ({ page }) => {
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await page.goto('/client/profile');
    const yourData = page.getByRole('region', { name: 'Your data' });
    await yourData.getByLabel('What are you asking for?').selectOption('correction');
    await yourData.getByRole('button', { name: 'Send request' }).click();
    await expect(yourData.getByLabel('Details')).toHaveAccessibleDescription('Say what you are asking for.');
    await expect(yourData.getByRole('button', { name: 'Download your data' })).toBeVisible();
    await expectAccessible(page, 'the client’s Your data with an answer, a download and an error');
  });
});
