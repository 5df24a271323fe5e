import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, signIn, signInAsAdmin, test } from './support/fixtures';
import { createFirm, createUserAs, field, uniqueSuffix } from './support/people';

// A PAN and a valid GSTIN that holds it (its 15th character is the mod-36 check).
const PAN = 'AAKPR4321M';
const GSTIN = '27AAKPR4321M1ZB';

type Firm = Awaited<ReturnType<typeof createFirm>>;

let api: APIRequestContext;
let firm: Firm;
let family: string;
let asha: { id: number; email: string };
let pcName: string;

test.beforeAll(async ({ playwright }) => {
  api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  firm = await createFirm(api);
  family = `Lst${uniqueSuffix()}`;
  // Twelve clients of one family name (two pages), added in order; then Asha with PAN, GSTIN and mobile.
  for (let index = 0; index < 12; index += 1) {
    await createUserAs(api, firm.token, 'client', `C${String(index).padStart(2, '0')}${family}`, [firm.gst]);
  }
  asha = await createUserAs(api, firm.token, 'client', `Asha${family}`, [firm.gst], {
    mobile_number: '9820010003',
    pan_number: PAN,
    gst_number: GSTIN,
    client_status_id: '11',
  });
  const pc = await createUserAs(api, firm.token, 'pc', `Pcasg${family}`);
  pcName = `Pcasg${family} Demo`;
  const assigned = await api.post('/api/service/assignPC', {
    headers: { authorization: `Bearer ${firm.token}` },
    data: { client_id: asha.id, service_id: firm.gst, pc_id: pc.id },
  });
  expect(assigned.ok()).toBe(true);
});

test.afterAll(async () => {
  await api.dispose();
});

async function openClients(page: Page, query = '') {
  await signIn(page, firm.mpc.email, firm.mpc.password);
  await expect(page).toHaveURL(/\/mpc\/dashboard$/);
  await page.goto(`/mpc/client${query}`);
}

const clientList = (page: Page) =>
  page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Clients List' }) });
const namesIn = (list: Locator) => list.locator('tbody tr td:first-child');

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, 'the document scrolls sideways').toBeLessThanOrEqual(widths.client);
}

/** Every row's actions lie within the screen's width, with no sideways scroll to reach them. */
async function expectActionsOnScreen(page: Page, list: Locator) {
  const viewport = page.viewportSize()?.width ?? 0;
  const actions = list.locator('tbody td.row-actions a, tbody td.row-actions button');
  const count = await actions.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const box = await actions.nth(index).boundingBox();
    expect(box, `action ${index} is rendered`).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= viewport, `action ${index} on screen`).toBe(
      true,
    );
  }
}

test.describe('user lists behave like an address book', () => {
  test('search, service, sort and page live in the address: reload and Back keep them', async ({ page }) => {
    await openClients(page);
    const list = clientList(page);
    await list.getByLabel('Search').fill(family);
    await list.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(new RegExp(`search=${family}`));
    // Newest first by default: Asha, then C11 ... C03 on page 1.
    await expect(namesIn(list).first()).toContainText(`Asha${family}`);
    await list.getByRole('navigation', { name: 'Clients List pages' }).getByText('2', { exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(namesIn(list)).toHaveCount(3);
    await expect(namesIn(list).first()).toContainText(`C02${family}`);

    await list.getByLabel('Sort by').selectOption({ label: 'Name, A to Z' });
    await expect(page).toHaveURL(/sort=name&order=asc/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(namesIn(list).first()).toContainText(`Asha${family}`);
    await expect(namesIn(list).nth(1)).toContainText(`C00${family}`);
    await list.getByRole('navigation', { name: 'Clients List pages' }).getByText('2', { exact: true }).click();
    await expect(namesIn(list).first()).toContainText(`C09${family}`);

    await page.reload();
    await expect(list.getByLabel('Search')).toHaveValue(family);
    await expect(list.getByLabel('Sort by')).toHaveValue('name:asc');
    await expect(namesIn(list).first()).toContainText(`C09${family}`);
    await expect(namesIn(list)).toHaveCount(3);

    await page.goBack();
    await expect(page).not.toHaveURL(/page=/);
    await expect(namesIn(list).nth(1)).toContainText(`C00${family}`);
    await page.goBack();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).not.toHaveURL(/sort=/);
    await expect(list.getByLabel('Sort by')).toHaveValue('');
    await expect(namesIn(list).first()).toContainText(`C02${family}`);
    await page.goBack();
    await expect(namesIn(list).first()).toContainText(`Asha${family}`);
    await expect(list.getByLabel('Search')).toHaveValue(family);

    await list.getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL(/\/mpc\/client$/);
    await expect(list.getByLabel('Search')).toHaveValue('');
  });

  test('one box finds a client by PAN and by a +91 mobile; the row shows PAN, GSTIN, status and who is assigned', async ({
    page,
  }) => {
    await openClients(page);
    const list = clientList(page);
    for (const term of ['+91 98200 10003', PAN.toLowerCase(), '098200-10003']) {
      await list.getByLabel('Search').fill(term);
      await list.getByRole('button', { name: 'Filter' }).click();
      await expect(list.locator('tbody tr')).toHaveCount(1);
      await expect(namesIn(list).first()).toContainText(`Asha${family}`);
    }
    const row = list.getByRole('row', { name: new RegExp(`Asha${family}`) });
    await expect(row.getByRole('cell', { name: `${PAN} ${GSTIN}` })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Company Private' })).toBeVisible();
    await expect(row.getByRole('cell', { name: `${pcName} (PC)` })).toBeVisible();
    await list.getByLabel('Search').fill('no-such-client');
    await list.getByRole('button', { name: 'Filter' }).click();
    await expect(list.getByText('No records found')).toBeVisible();
  });

  test('the Add card opens from "Add Client"; after a save the notice is in view and the new row is marked', async ({
    page,
  }) => {
    await openClients(page, `?search=${family}&page=2`);
    const addButton = page.getByRole('button', { name: 'Add Client' });
    await expect(page.getByRole('heading', { name: 'Add Client' })).toBeVisible();
    await expect(addButton).toHaveAttribute('aria-expanded', 'false');
    await expect(field(page, 'First name')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Clients List' })).toBeInViewport();

    await addButton.click();
    const form = page.getByRole('form', { name: 'Add client' });
    await expect(field(form, 'First name')).toBeFocused();
    const first = `Newc${uniqueSuffix()}`;
    await field(form, 'First name').fill(first);
    await field(form, 'Last name').fill('Demo');
    await field(form, 'Email').fill(`${first.toLowerCase()}@client.test`);
    await field(form, 'Mobile number').fill('9123456780');
    await field(form, 'Password').fill('Secret@123');
    await field(form, 'Pincode').fill('110001');
    await field(form, 'City').fill('New Delhi');
    await field(form, 'State').fill('Delhi');
    await form.getByRole('checkbox', { name: 'GST Filing', exact: true }).check();
    // Closing the card keeps what was typed.
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(form).toBeHidden();
    await addButton.click();
    await expect(field(form, 'First name')).toHaveValue(first);
    await form.getByRole('button', { name: 'Save' }).click();

    const notice = page.getByRole('status').filter({ hasText: 'User created successfully.' });
    await expect(notice).toBeInViewport();
    await expect(form).toBeHidden();
    await expect(addButton).toHaveAttribute('aria-expanded', 'false');
    // Back on page 1, newest first and unfiltered, where the new client is, marked.
    await expect(page).toHaveURL(/\/mpc\/client$/);
    const row = clientList(page).getByRole('row', { name: new RegExp(first) });
    await expect(row).toHaveClass(/user-row-new/);
    await expect(row).toHaveAttribute('aria-current', 'true');
    await expect(row.getByText('New', { exact: true })).toBeVisible();
    await expect(row).toBeInViewport();
    await expect(clientList(page).locator('tbody tr.user-row-new')).toHaveCount(1);
    // The notice closes itself (spec: 3000 ms).
    await expect(notice).toHaveCount(0, { timeout: 6000 });
  });
});

test.describe('user lists on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the MPC's client list is stacked cards with every action on screen, never sideways", async ({ page }) => {
    await openClients(page, `?search=${family}`);
    const list = clientList(page);
    await expect(list.locator('tbody tr')).toHaveCount(10);
    await expect(list.locator('thead')).not.toBeInViewport();
    const display = await list
      .locator('tbody tr')
      .first()
      .evaluate((row) => getComputedStyle(row).display);
    expect(display).toBe('block');
    await expectNoSidewaysScroll(page);
    await expectActionsOnScreen(page, list);
    await page.getByRole('button', { name: 'Add Client' }).click();
    await expectNoSidewaysScroll(page);
  });

  test("the admin's MPC list too", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/mpc');
    const list = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'MPC List' }) });
    await expect(list.locator('tbody tr td.row-actions').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectActionsOnScreen(page, list);
    await page.getByRole('button', { name: 'Add MPC' }).click();
    await expectNoSidewaysScroll(page);
  });
});
