import { expect, type Page } from '@playwright/test';

/** How far the page scrolls sideways: nothing on any screen at phone width (issue 9, point 2). */
export async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${screen} scrolls sideways by ${overflow}px`).toBe(0);
}
