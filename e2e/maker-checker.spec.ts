import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { apiToken, createFirmWithGstWork, createUserAs, listWork } from './support/people';

/** The next person signs in on the same browser (signing out is not what this journey is about). */
async function forgetSession(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

/**
 * A firm whose PC ("Maker") handles the client's GST work, and a second PC ("Checker") who handles none
 * of it: the reviewer the maker names (maker-checker, docs/decisions/0031-maker-checker.md).
 */
async function makerAndChecker(request: APIRequestContext) {
  const { firm, pc: maker, client, suffix } = await createFirmWithGstWork(request, { pc: 'Maker', client: 'Mills' });
  const checker = await createUserAs(request, firm.token, 'pc', `Checker${suffix}`);
  const assigned = await request.post('/api/service/assignPC', {
    headers: { authorization: `Bearer ${firm.token}` },
    data: { client_id: client.id, service_id: firm.gst, pc_id: maker.id },
  });
  expect(assigned.ok()).toBe(true);
  const work = (await listWork(request, firm.token)).filter((item) => item.client_id === client.id);
  return { firm, maker, checker, suffix, work };
}

test.describe('maker-checker', () => {
  test('a PC sends an item to review naming another PC, who verifies it with a note the history shows', async ({
    page,
    request,
  }) => {
    const { maker, checker, suffix, work } = await makerAndChecker(request);
    const item = work[0] as { id: number; title: string };

    // The maker sends it to review: the reviewer is asked for, the maker itself is not offered.
    await signIn(page, maker.email, maker.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    await page.goto(`/pc/work/${item.id}`);
    await page.getByLabel('Status').selectOption('under_review');
    const reviewer = page.getByLabel('Reviewer');
    await expect(reviewer.getByRole('option', { name: `Checker${suffix} Demo` })).toBeAttached();
    await expect(reviewer.getByRole('option', { name: `Maker${suffix} Demo` })).toHaveCount(0);
    await reviewer.selectOption({ label: `Checker${suffix} Demo` });
    await expectAccessible(page, 'a work item being sent to review');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Work item saved.' })).toBeVisible();
    await expect(page.getByText(`Waiting for review by Checker${suffix} Demo`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Review' })).toHaveCount(0);

    // The checker is told (the bell), opens it and verifies it with a note.
    await forgetSession(page);
    await signIn(page, checker.email, checker.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(
      page.getByText(`Maker${suffix} Demo asked you to review ${item.title}`, { exact: false }),
    ).toBeVisible();
    await page.goto(`/pc/work/${item.id}`);
    const review = page.getByRole('region', { name: 'Review' });
    await expect(review).toBeVisible();
    await expectAccessible(page, 'a work item under review, as its reviewer');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'a work item under review, as its reviewer, on a phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await review.getByLabel('Review note').fill('ITC tallies with GSTR-2B');
    await review.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Verified.' })).toBeVisible();
    await expect(page.locator('.badge', { hasText: 'Verified, ready to file' })).toBeVisible();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText(`Verified by Checker${suffix} Demo`)).toBeVisible();
    await expect(history.getByText('ITC tallies with GSTR-2B')).toBeVisible();
    await expect(page.getByText(new RegExp(`^Checker${suffix} Demo on \\d{2}/\\d{2}/\\d{4}$`))).toBeVisible();
  });

  test('the reviewer verifies two items at once from the Work list', async ({ page, request }) => {
    const { maker, checker, work } = await makerAndChecker(request);
    const [first, second] = work.slice(0, 2) as [(typeof work)[number], (typeof work)[number]];
    const makerToken = await apiToken(request, maker.email, maker.password);
    for (const item of [first, second]) {
      const sent = await request.put(`/api/work/${item.id}`, {
        headers: { authorization: `Bearer ${makerToken}` },
        data: { status: 'under_review', reviewer_id: checker.id },
      });
      expect(sent.ok()).toBe(true);
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, checker.email, checker.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    await page.goto('/pc/work');
    for (const item of [first, second])
      await page.getByRole('checkbox', { name: new RegExp(`^Select ${item.title} of `) }).check();
    const bar = page.getByRole('region', { name: 'Change the selected items' });
    await bar.getByLabel('Review note (optional)').fill('Both checked');
    await expectAccessible(page, 'the Work list with items to verify, on a phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page, 'the Work list with items to verify');
    await bar.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 items changed.' })).toBeVisible();
    for (const item of [first, second])
      await expect(
        page.getByRole('row').filter({ hasText: item.title }).getByText('Verified, ready to file'),
      ).toBeVisible();
  });
});
