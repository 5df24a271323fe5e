import type { Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs, uniqueSuffix } from './support/people';

/** A business's legal name typed as one word, longer than any screen is wide (issue 22). */
const LONG_NAME = `Venkataramanasubrahmanyamenterprisesandholdingsprivatelimited${uniqueSuffix()}`;

let firm: Awaited<ReturnType<typeof createFirm>>;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  firm = await createFirm(request);
  await createUserAs(request, firm.token, 'client', `Short${uniqueSuffix()}`, [firm.gst]);
  await createUserAs(request, firm.token, 'client', LONG_NAME, [firm.gst]);
  await request.dispose();
});

/** Every row's actions lie inside the list's card, and the card inside the screen. */
async function expectActionsInCard(page: Page, width: number) {
  const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Clients List' }) });
  await expect(card.getByRole('link', { name: `Details of ${LONG_NAME} Demo` })).toBeVisible();
  const cardBox = await card.boundingBox();
  expect(cardBox && cardBox.x >= 0 && cardBox.x + cardBox.width <= width, `card at ${JSON.stringify(cardBox)}`).toBe(
    true,
  );
  const details = card.getByRole('link', { name: /^Details of / });
  await expect(details).toHaveCount(2);
  for (const action of await card.locator('td.row-actions a, td.row-actions button').all()) {
    const box = await action.boundingBox();
    const label = await action.getAttribute('aria-label');
    expect(
      box && cardBox && box.x >= cardBox.x && box.x + box.width <= cardBox.x + cardBox.width,
      `${label} at ${JSON.stringify(box)}, the card at ${JSON.stringify(cardBox)}`,
    ).toBe(true);
  }
  // The name itself stays whole on screen: broken over lines, not cut.
  const name = card.locator('td[data-label="Name"]').filter({ hasText: LONG_NAME });
  const nameBox = await name.boundingBox();
  expect(nameBox && cardBox && nameBox.x + nameBox.width <= cardBox.x + cardBox.width).toBe(true);
}

for (const width of [1280, 390]) {
  test(`a long unbroken client name keeps every row's actions in the card at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto('/mpc/client');
    await expectActionsInCard(page, width);
    await expectAccessible(page, `client list with a long name, ${width} px`);
  });
}
