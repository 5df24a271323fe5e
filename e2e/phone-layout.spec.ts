import { expectAccessible } from './support/accessibility';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs } from './support/people';
import { createPhoneFirm, type PhoneFirm } from './support/phone-firm';
import { expectNoSidewaysScroll } from './support/phone-layout';
import { newFirmOwner, signUpThroughApi } from './support/sign-up';

test.use({ viewport: { width: 390, height: 844 } });

/** Sign-up, the client's screens, the bar and the bell at phone width; the MPC's screens: phone-layout-mpc.spec.ts. */
test.describe('at 390 px wide', () => {
  let firm: PhoneFirm['firm'];
  let client: PhoneFirm['client'];
  let folderId: number;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    ({ firm, client, folderId } = await createPhoneFirm(request));
    await request.dispose();
  });

  test('a new firm’s sign-up and completion step fit, and axe finds nothing serious there', async ({
    page,
    request,
  }) => {
    await page.goto('/registration');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Firm name is required')).toBeVisible();
    await expectNoSidewaysScroll(page, 'sign-up');
    await expectAccessible(page, 'sign-up with errors, 390 px');
    const owner = newFirmOwner();
    await signUpThroughApi(request, owner);
    await signIn(page, owner.email, owner.password);
    await expect(page.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'completion step');
    await expectAccessible(page, 'completing a new firm, 390 px');
  });

  test('the client’s screens fit, with each file’s and family member’s actions on screen', async ({ page }) => {
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Upload Bank statement' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'client dashboard');
    await page.locator('#sections-menu').click();
    await page
      .getByRole('button', { name: 'Profile' })
      .or(page.getByRole('link', { name: 'Profile' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/client\/profile$/);
    // The screen arrives lazily: measure once its data has come, not the moment the address changes.
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page, 'client profile');
    for (const [path, screen] of [
      ['/client/edit', 'client profile edit'],
      ['/client/file', 'client files'],
      [`/client/file/${firm.gst}`, 'client service'],
    ] as const) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, screen);
    }
    await page.goto(`/client/file/${firm.gst}/${folderId}`);
    await expectNoSidewaysScroll(page, 'client folder');
    for (const action of ['Preview', 'Download', 'Delete']) {
      await expect(
        page.getByRole(action === 'Download' ? 'link' : 'button', { name: `${action} gstr-3b` }),
      ).toBeInViewport();
    }
  });

  test('the brand shows whole beside the signed-in name, which gives way', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    const brand = page.locator('.navbar-brand');
    await expect(brand).toHaveText('Practice Portal');
    // Not cut: every letter is drawn inside the brand, and the brand inside the screen.
    const cut = await brand.evaluate((element) =>
      [element, ...Array.from(element.querySelectorAll('*'))].some((part) => part.scrollWidth > part.clientWidth + 1),
    );
    expect(cut, 'the brand is cut').toBe(false);
    const brandBox = await brand.boundingBox();
    const menuBox = await page.locator('#user-menu').boundingBox();
    expect(brandBox && brandBox.x >= 0 && brandBox.x + brandBox.width <= 390).toBe(true);
    expect(brandBox && menuBox && brandBox.x + brandBox.width <= menuBox.x, 'the brand runs under the name').toBe(true);
    expect(menuBox && menuBox.x + menuBox.width <= 390).toBe(true);
    await expectAccessible(page, 'MPC dashboard top bar, 390 px');
  });

  test('the bell’s menu opens whole within the screen, for the client and the MPC', async ({ page }) => {
    for (const person of [client, firm.mpc]) {
      await signIn(page, person.email, person.password);
      await expect(page.locator('h1').first()).toBeVisible();
      await page
        .getByRole('button', { name: /notification/i })
        .first()
        .click();
      const menu = page.getByRole('menu', { name: 'Notifications' }).or(page.locator('.notification-menu.show'));
      await expect(menu.first()).toBeVisible();
      const box = await menu.first().boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, `menu at ${JSON.stringify(box)}`).toBe(true);
      await expect(page.getByRole('link', { name: 'See all notifications' })).toBeInViewport({ ratio: 1 });
      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.clear());
    }
  });

  test('axe finds nothing serious on a phone: overdue work, the Sections menu open, a company’s partners', async ({
    page,
    request,
  }) => {
    // A firm of its own: the other tests here read the first item of theirs.
    const own = await createFirm(request);
    const company = await createUserAs(request, own.token, 'client', 'Partnerco', [own.gst], {
      client_status_id: '10',
      additional_data: JSON.stringify({
        first_name: 'Director',
        msem: 'no',
        number_of_partners: 2,
        partners: [
          { nameofpartner: 'Asha Ramanathan', fathername: 'Krishnan Ramanathan', Pannumber: 'ABCPR1234K' },
          { nameofpartner: 'Vikram Subramanian', fathername: 'Suresh Subramanian', Pannumber: 'ABCPS1234L' },
        ],
      }),
    });
    const late = await request.post('/api/work', {
      headers: { authorization: `Bearer ${own.token}` },
      data: { client_id: company.id, service_id: own.gst, title: 'Reply to the GST notice', due_date: '2026-01-15' },
    });
    expect(late.status()).toBe(201);
    await signIn(page, own.mpc.email, own.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto('/mpc/work');
    await expect(page.getByText('Overdue', { exact: true }).first()).toBeVisible();
    await expectAccessible(page, 'work list with an overdue item, 390 px');
    await page.locator('#sections-menu').click();
    await expect(page.getByRole('link', { name: 'Work' }).last()).toBeVisible();
    await expectAccessible(page, 'the Sections menu open, 390 px');
    await page.goto(`/mpc/client/detail/${company.id}`);
    await expect(page.getByRole('region', { name: 'Partners' })).toBeVisible();
    await expectAccessible(page, 'a company’s partners, 390 px');
  });

  test.describe('with a touch screen', () => {
    // A finger as the main pointer, `(pointer: coarse)`: what shows "Take a photo" (docs/decisions/0038).
    test.use({ hasTouch: true, isMobile: true });

    test('"Take a photo" sits beside each upload, the screens still fit, and axe finds nothing serious', async ({
      page,
    }) => {
      await signIn(page, client.email, client.password);
      await expect(page).toHaveURL(/\/client\/dashboard$/);
      await expect(page.getByRole('button', { name: 'Upload Bank statement' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Take a photo' }).first()).toBeInViewport();
      await expectNoSidewaysScroll(page, 'client dashboard with a camera');
      await expectAccessible(page, 'a requested document with Take a photo, 390 px');
      await page.goto(`/client/file/${firm.gst}/${folderId}`);
      await page.getByRole('button', { name: 'Add File' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: 'Choose files' })).toBeInViewport();
      await expect(dialog.getByRole('button', { name: 'Take a photo' })).toBeInViewport();
      await expectAccessible(page, 'Add File with Take a photo, 390 px');
    });
  });
});
