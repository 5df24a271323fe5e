import type { APIRequestContext } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { askForDocuments, createFirmWithGstWork, createUserAs, listWork } from './support/people';

/** One-off items for one client, all due on one day, made through the API (what the journey is not about). */
async function addItems(
  request: APIRequestContext,
  token: string,
  item: { clientId: number; serviceId: number; due: string; count: number; title: string },
) {
  for (let start = 0; start < item.count; start += 10) {
    const batch = Array.from({ length: Math.min(10, item.count - start) }, (_, index) =>
      request.post('/api/work', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          client_id: item.clientId,
          service_id: item.serviceId,
          title: `${item.title} ${start + index + 1}`,
          due_date: item.due,
        },
      }),
    );
    for (const response of await Promise.all(batch)) expect(response.status()).toBe(201);
  }
}

test.describe("a client's work on its own pages (issue 22, item 6)", () => {
  test('the client header has Work: its items and open requests, summed up on the detail page', async ({
    page,
    request,
  }) => {
    const { firm, client, suffix } = await createFirmWithGstWork(request, { pc: 'Tabpc', client: 'Tabclient' });
    const other = await createUserAs(request, firm.token, 'client', `Otherclient${suffix}`, [firm.gst]);
    const mine = await listWork(request, firm.token, `&client_id=${client.id}&status=open`);
    const first = mine[0] as { id: number; title: string; due_date: string };
    await askForDocuments(request, firm.token, first.id, ['Sales register']);

    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/client/detail/${client.id}`);
    const summary = page.getByRole('region', { name: 'Work' });
    await expect(summary.getByRole('definition').first()).toHaveText(String(mine.length));
    const [year, month, day] = first.due_date.split('-');
    await expect(summary).toContainText(`Next due${day}/${month}/${year}`);
    await expect(summary).toContainText('Open requests1');

    await page.getByRole('navigation', { name: "This client's pages" }).getByRole('link', { name: 'Work' }).click();
    await expect(page).toHaveURL(new RegExp(`/mpc/client/work/${client.id}$`));
    await expect(
      page.getByRole('navigation', { name: "This client's pages" }).getByRole('link', { name: 'Work' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Work of this client' })).toBeVisible();
    await expect(page.getByRole('link', { name: first.title }).first()).toBeVisible();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `Tabclient${suffix}` })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `Otherclient${suffix}` })).toHaveCount(0);
    const requests = page.getByRole('region', { name: 'Open document requests' });
    await expect(requests.getByRole('link', { name: first.title })).toBeVisible();
    await expect(requests.getByText('Sales register')).toBeVisible();
    expect(other.id).not.toBe(client.id);
  });

  test('the Work pager on a client’s Work tab shows the total and numbered pages, by keyboard', async ({
    page,
    request,
  }) => {
    const { firm, client } = await createFirmWithGstWork(request, { pc: 'Pagerpc', client: 'Pagedclient' });
    await addItems(request, firm.token, {
      clientId: client.id,
      serviceId: firm.gst,
      due: '2027-03-10',
      count: 22,
      title: 'Ledger check',
    });
    const open = (await listWork(request, firm.token, `&client_id=${client.id}&status=open`)).length;
    expect(open).toBeGreaterThan(20);

    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/client/work/${client.id}`);
    const pager = page.getByRole('navigation', { name: 'Work pages' });
    await expect(pager).toContainText(`1–20 of ${open}`);
    await expect(pager.getByLabel('Page 1')).toHaveAttribute('aria-current', 'page');
    await pager.getByRole('button', { name: 'Page 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(pager.getByLabel('Page 2')).toHaveAttribute('aria-current', 'page');
    await expect(pager).toContainText(`21–${Math.min(40, open)} of ${open}`);
    await expect(page).toHaveURL(/page=2/);
  });

  test('the calendar narrows by client and opens a full day: the Work list of that day, or in place for a client', async ({
    page,
    request,
  }) => {
    const { firm, client, suffix } = await createFirmWithGstWork(request, { pc: 'Calpc', client: 'Busyclient' });
    const other = await createUserAs(request, firm.token, 'client', `Quietclient${suffix}`, [firm.gst]);
    await addItems(request, firm.token, {
      clientId: client.id,
      serviceId: firm.gst,
      due: '2027-02-10',
      count: 12,
      title: 'Ledger check',
    });

    // February 2027 for the quiet client is empty on that day; for the busy one, 5 and a way to the rest.
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto('/mpc/calendar?month=2027-02');
    const day = page.getByRole('region', { name: 'Wednesday, 10 February 2027' });
    await expect(day.getByRole('link', { name: 'and 7 more' })).toBeVisible();
    await page.getByLabel('Client').selectOption({ label: `Quietclient${suffix} Demo` });
    await expect(page).toHaveURL(new RegExp(`client_id=${other.id}`));
    await expect(day.getByRole('link', { name: /Ledger check/ })).toHaveCount(0);
    await page.getByLabel('Client').selectOption({ label: `Busyclient${suffix} Demo` });
    await day.getByRole('link', { name: 'and 7 more' }).click();
    await expect(page).toHaveURL(new RegExp(`/mpc/work\\?.*client_id=${client.id}.*due_from=2027-02-10`));
    await expect(page.getByRole('navigation', { name: 'Work pages' })).toContainText('1–12 of 12');

    // The client itself has no Work tab: the day opens in place, and closes again.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await page.goto('/client/calendar?month=2027-02');
    const own = page.getByRole('region', { name: 'Wednesday, 10 February 2027' });
    const more = own.getByRole('button', { name: 'and 7 more' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(own.getByRole('link', { name: /Ledger check/ })).toHaveCount(12);
    await own.getByRole('button', { name: 'Show fewer' }).click();
    await expect(own.getByRole('link', { name: /Ledger check/ })).toHaveCount(5);
  });
});
