import { expectAccessibleAtBothWidths, PHONE } from './support/accessibility';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs } from './support/people';

const DAY = '2026-03-16';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The calendar at 1280 and 390 px (issue 22): the staff's, narrowed by its client, service and assignee
 * filters, with a day of more items than it names; the work list its "and N more" opens; the client's,
 * with that day opened in place.
 */
test.describe('accessibility of the calendar at both widths', () => {
  let firm: Awaited<ReturnType<typeof createFirm>>;
  let client: Awaited<ReturnType<typeof createUserAs>>;
  let pc: Awaited<ReturnType<typeof createUserAs>>;

  // Seven overdue GST items of one client due on one day, all with the PC: a day names five, then "and 2 more".
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    firm = await createFirm(request);
    client = await createUserAs(request, firm.token, 'client', 'Axecalendar', [firm.gst, firm.itr]);
    pc = await createUserAs(request, firm.token, 'pc', 'Axecalendarpc');
    const assigned = await request.post('/api/service/assignPC', {
      headers: bearer(firm.token),
      data: { client_id: client.id, service_id: firm.gst, pc_id: pc.id },
    });
    expect(assigned.ok()).toBe(true);
    for (let n = 1; n <= 7; n += 1) {
      const made = await request.post('/api/work', {
        headers: bearer(firm.token),
        data: {
          client_id: client.id,
          service_id: firm.gst,
          title: `Reconcile the purchase register, part ${n}`,
          due_date: DAY,
          assignee_id: pc.id,
        },
      });
      expect(made.status()).toBe(201);
    }
    await request.dispose();
  });

  const calendarPath = () =>
    `/mpc/calendar?month=2026-03&client_id=${client.id}&service_id=${firm.gst}&assignee_id=${pc.id}`;

  test('staff: the month narrowed by client, service and assignee', async ({ page }) => {
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(calendarPath());
    const filters = page.getByRole('search', { name: 'Filter the calendar' });
    await expect(filters.getByLabel('Client')).toHaveValue(String(client.id));
    await expect(filters.getByLabel('Service')).toHaveValue(String(firm.gst));
    await expect(filters.getByLabel('Assignee')).toHaveValue(String(pc.id));
    await expect(page.getByRole('link', { name: 'and 2 more' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'calendar narrowed by its three filters');
  });

  // The PC's filters offer its own clients and the people it may see.
  test('staff: the PC’s month narrowed by client and service', async ({ page }) => {
    await signIn(page, pc.email, pc.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    await page.goto(`/pc/calendar?month=2026-03&client_id=${client.id}&service_id=${firm.gst}`);
    const filters = page.getByRole('search', { name: 'Filter the calendar' });
    await expect(filters.getByLabel('Client')).toHaveValue(String(client.id));
    await expect(filters.getByLabel('Service')).toHaveValue(String(firm.gst));
    await expect(page.getByRole('link', { name: 'and 2 more' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'the PC’s calendar narrowed by client and service');
  });

  test('staff: the work of the day its "and 2 more" opens, on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(calendarPath());
    await page.getByRole('link', { name: 'and 2 more' }).click();
    await expect(page).toHaveURL(new RegExp(`/mpc/work\\?.*due_from=${DAY}`));
    await expect(page.getByRole('link', { name: 'Reconcile the purchase register, part 7' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'the work of one calendar day');
  });

  test('client: the month with its day opened in place by "and 2 more"', async ({ page }) => {
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await page.goto('/client/calendar?month=2026-03');
    await page.getByRole('button', { name: 'and 2 more' }).click();
    const day = page.getByRole('region', { name: 'Monday, 16 March 2026' });
    await expect(day.getByRole('link')).toHaveCount(7);
    await expect(day.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
    await expectAccessibleAtBothWidths(page, 'client calendar with a day opened');
  });
});
