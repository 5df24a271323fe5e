import type { Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, signIn, test } from './support/fixtures';
import {
  adminToken,
  apiToken,
  askForDocuments,
  createFirm,
  createFolderWithFile,
  createUserAs,
  listWork,
  tieRule,
  uploadForRequest,
} from './support/people';
import { newFirmOwner, signUpThroughApi } from './support/sign-up';

test.use({ viewport: { width: 390, height: 844 } });

/** How far the page scrolls sideways: nothing on any screen at phone width (issue 9, point 2). */
async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${screen} scrolls sideways by ${overflow}px`).toBe(0);
}

test.describe('at 390 px wide', () => {
  let firm: Awaited<ReturnType<typeof createFirm>>;
  let client: Awaited<ReturnType<typeof createUserAs>>;
  let folderId: number;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    firm = await createFirm(request);
    await tieRule(request, await adminToken(request), 'GSTR3B_MONTHLY', firm.gst);
    client = await createUserAs(request, firm.token, 'client', 'Phonefamily', [firm.gst, firm.itr]);
    const headers = { authorization: `Bearer ${firm.token}` };
    const member = await request.post('/api/member/create', {
      headers,
      data: {
        user_id: client.id,
        member_name: 'Sunita Phonefamily',
        mobile_number: '9820010003',
        email_id: 'sunita.phonefamily.with.a.long.address@example.test',
        service_id: firm.gst,
      },
    });
    expect(member.status()).toBe(201);
    folderId = await createFolderWithFile(
      request,
      firm.token,
      { clientId: client.id, serviceId: firm.gst },
      {
        folder: 'Returns of the assessment year 2025-26',
        file: 'gstr-3b-april-2026-acknowledgement.pdf',
        clientCanDelete: true,
      },
    );
    // A document request on the first work item, one document uploaded: the client's dashboard shows it
    // with an upload for the other, the item's page a document to review.
    const [item] = await listWork(request, firm.token);
    const asked = await askForDocuments(request, firm.token, item?.id as number, [
      'Sales register for the whole month with credit notes',
      'Bank statement',
    ]);
    const clientToken = await apiToken(request, client.email, client.password);
    await uploadForRequest(request, clientToken, asked.id, (asked.items[0] as { id: number }).id);
    // A recurring task: the client's page shows its row and the form to add another (issue 22).
    const task = await request.post('/api/recurring-tasks', {
      headers: { authorization: `Bearer ${firm.token}` },
      data: {
        client_id: client.id,
        service_id: firm.itr,
        title: 'Quarterly MIS for the partners',
        cadence: 'quarterly',
        due_day: 15,
        months_after: 1,
        starts_month: '2026-04',
      },
    });
    expect(task.status()).toBe(201);
    // The registers (issue 22): a certificate expiring soon with a long holder name, signed work without a UDIN.
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const dsc = await request.post(`/api/clients/${client.id}/dsc`, {
      headers,
      data: {
        holder_name: 'Sunita Phonefamily Ramakrishnan',
        class: 'dgft',
        issued_by: 'Capricorn Identity Services',
        valid_until: soon,
        custody: 'client',
      },
    });
    expect(dsc.status()).toBe(201);
    await request.put(`/api/work/${item?.id}`, {
      headers,
      data: { signed_on: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) },
    });
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

  test('the MPC’s client pages fit, and the assignment selects are not cut off', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    for (const [path, screen] of [
      ['/mpc/dashboard', 'MPC dashboard'],
      [`/mpc/client/detail/${client.id}`, 'client details'],
      [`/mpc/client/edit/${client.id}`, 'client edit'],
      [`/mpc/client/file/${client.id}/${firm.gst}/${folderId}`, 'client folder'],
      ['/mpc/file', 'user links'],
    ] as const) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, screen);
    }
    await page.goto(`/mpc/client/detail/${client.id}`);
    const remove = page.getByRole('button', { name: 'Remove Sunita Phonefamily', exact: true });
    await remove.scrollIntoViewIfNeeded();
    const removeBox = await remove.boundingBox();
    expect((removeBox?.x ?? 999) + (removeBox?.width ?? 0)).toBeLessThanOrEqual(390);
    const pause = page.getByRole('button', { name: 'Pause Quarterly MIS for the partners' });
    await pause.scrollIntoViewIfNeeded();
    const pauseBox = await pause.boundingBox();
    expect((pauseBox?.x ?? 999) + (pauseBox?.width ?? 0)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'client details with recurring work, on a phone');
    await page.goto(`/mpc/client/assign-service/${client.id}`);
    await expectNoSidewaysScroll(page, 'assign service');
    const select = page.getByRole('combobox', { name: 'PC for GST Filing' });
    const box = await select.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(250);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  });

  test('a client’s Work tab and its detail’s work summary fit, and axe finds nothing serious', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    for (const [path, screen] of [
      [`/mpc/client/detail/${client.id}`, 'client details with its work'],
      [`/mpc/client/work/${client.id}?status=all`, 'client work tab'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('.spinner-border')).toHaveCount(0);
      await expectNoSidewaysScroll(page, screen);
      await expectAccessible(page, `${screen}, 390 px`);
    }
    await expect(page.getByRole('navigation', { name: 'Work pages' })).toContainText(/of \d+/);
  });

  test('the checklist screens fit and axe finds nothing serious: an item’s checklist, the templates', async ({
    page,
    request,
  }) => {
    const headers = { authorization: `Bearer ${firm.token}` };
    await request.put(`/api/checklists/services/${firm.itr}`, {
      headers,
      data: { steps: ['Form 26AS reconciled with the books of account', 'Tax computed', 'Return filed and verified'] },
    });
    const made = await request.post('/api/work', {
      headers,
      data: { client_id: client.id, service_id: firm.itr, title: 'Advance tax estimate', due_date: '2026-12-31' },
    });
    const item = (await made.json()).data.id as number;
    const steps = (await (await request.get(`/api/work/${item}/checklist`, { headers })).json()).data.steps;
    await request.put(`/api/work/${item}/checklist/${steps[0].id}`, { headers, data: { done: true } });
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    for (const [path, screen] of [
      [`/mpc/work/${item}`, 'work item with its checklist, 390 px'],
      ['/mpc/checklists', 'MPC checklists, 390 px'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('.spinner-border')).toHaveCount(0);
      await expectNoSidewaysScroll(page, screen);
      await expectAccessible(page, screen);
    }
    await expect(page.getByLabel(/^Steps, one a line/)).toBeVisible();
  });

  test('the registers fit, and axe finds nothing serious there', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await expect(page.getByLabel('DSCs expiring in 30 days')).toBeVisible();
    await expectNoSidewaysScroll(page, 'MPC dashboard with the registers');
    await page.goto('/mpc/registers?dsc=all');
    await expect(page.getByText('Missing', { exact: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'registers');
    await expectAccessible(page, 'registers, 390 px');
    await page.goto(`/mpc/client/detail/${client.id}`);
    await expect(page.getByRole('cell', { name: 'Sunita Phonefamily Ramakrishnan', exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page, 'client details with a DSC');
    await expectAccessible(page, 'client details with a DSC, 390 px');
  });

  test('the work screens fit: list, board, one item and the calendar', async ({ page, request }) => {
    const [item] = await listWork(request, firm.token);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await expectNoSidewaysScroll(page, 'MPC dashboard with work');
    for (const [path, screen] of [
      ['/mpc/work', 'work list'],
      ['/mpc/work?view=board&status=all', 'work board'],
      [`/mpc/work/${item?.id}`, 'work item'],
      ['/mpc/calendar', 'calendar'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('.spinner-border')).toHaveCount(0);
      await expectNoSidewaysScroll(page, screen);
    }
    await page.goto(`/mpc/work/${item?.id}`);
    const accept = page.getByRole('button', { name: /^Accept Sales register/ });
    const acceptBox = await accept.boundingBox();
    expect(acceptBox && acceptBox.x + acceptBox.width <= 390).toBe(true);
    // A row stacks: its title is whole within the screen's width.
    await page.goto('/mpc/work');
    const box = await page.getByRole('link', { name: item?.title as string }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  });
});
