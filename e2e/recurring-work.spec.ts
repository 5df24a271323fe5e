import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs } from './support/people';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number) => String(value).padStart(2, '0');

/** This month in India and the next two, as the portal names and dates them. */
function monthsFromNow() {
  const india = new Date(Date.now() + 5.5 * 3_600_000);
  const at = (offset: number) => {
    const index = india.getUTCFullYear() * 12 + india.getUTCMonth() + offset;
    return { year: Math.floor(index / 12), month: (index % 12) + 1 };
  };
  const [now, next, after] = [at(0), at(1), at(2)];
  return {
    typed: `${now.year}-${pad(now.month)}`,
    labels: [now, next].map((month) => `${MONTHS[month.month - 1]} ${month.year}`),
    // Bookkeeping of this month is due on the 10th of the next, next month's on the 10th of the one after.
    dueDates: [next, after].map((month) => `10/${pad(month.month)}/${month.year}`),
  };
}

test.describe('recurring work', () => {
  test('an MPC defines monthly bookkeeping due on the 10th; the client sees the next periods coming up', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    // ITR Filing: no rule of the calendar is tied to it, so the client's coming work is the bookkeeping alone.
    const client = await createUserAs(request, firm.token, 'client', 'Ledger', [firm.itr]);
    const months = monthsFromNow();

    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/client/detail/${client.id}`);
    await expect(page.getByRole('heading', { name: 'Recurring work' })).toBeVisible();
    await expect(page.getByText('No recurring tasks.')).toBeVisible();
    const form = page.getByRole('form', { name: 'Add recurring task' });
    // Sent empty first: the contract's schema answers under each field.
    await form.getByRole('button', { name: 'Add recurring task' }).click();
    await expect(form.getByLabel('Task')).toHaveAccessibleDescription('Please enter a title.');
    await form.getByLabel('Task').fill('Monthly bookkeeping');
    await form.getByLabel('Service').selectOption({ label: 'ITR Filing' });
    await expect(form.getByLabel('Cadence')).toHaveValue('monthly');
    await form.getByLabel('Due day').fill('10');
    await form.getByLabel('Months after the period').fill('1');
    await form.getByLabel('From month').fill(months.typed);
    await form.getByRole('button', { name: 'Add recurring task' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'Recurring task added.' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Monthly bookkeeping' });
    await expect(row).toContainText('Day 10, 1 month(s) after the period');
    await expect(row).toContainText(`${months.labels[0]} onwards`);
    await expect(row).toContainText(months.dueDates[0] as string);

    // The client's dashboard lists the periods planned from it, each due on the 10th after its month.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, client.email, client.password);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    const comingUp = page.getByRole('region', { name: 'Coming up' });
    for (const [index, label] of months.labels.entries()) {
      const item = comingUp.locator('.list-group-item').filter({ hasText: `Monthly bookkeeping · ${label}` });
      await expect(item).toContainText(months.dueDates[index] as string);
    }
    await expect(page.getByRole('heading', { name: 'Recurring work' })).toHaveCount(0);
  });
});
