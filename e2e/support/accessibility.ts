import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './phone-layout';

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation of WCAG 2.1
 * A/AA, naming the screen, the rule and the first elements it found.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // A screen still loading would be judged on its spinner.
  await expect(page.locator('.spinner-border')).toHaveCount(0);
  // Nor mid-fade: a dialog still fading in is judged on half-transparent colours.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  // Nor mid-hover: content that appears can move a button under the pointer while axe runs, and its
  // 0.15 s colour transition was judged half-way (a flaky color-contrast on .btn-outline-primary).
  // With reduced motion Bootstrap has no transitions (an injected style would break the page's CSP).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.impact}) at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
  expect(serious, `accessibility of ${screen}`).toEqual([]);
}

/** Opens each screen, waits for its heading and judges it with axe-core (issue 9, point 12). */
export async function auditScreens(page: Page, screens: [path: string, name: string][]): Promise<void> {
  for (const [path, name] of screens) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    // One main landmark: a screen reader jumps to the page's content past the bars.
    await expect(page.getByRole('main')).toHaveCount(1);
    await expectAccessible(page, name);
  }
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/**
 * Judges the screen as it is now at both widths the portal is made for (issue 22): with axe at 1280 px,
 * then at 390 px, where it must not scroll sideways either. Leaves the page at 390 px.
 */
export async function expectAccessibleAtBothWidths(page: Page, screen: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, `${screen}, 1280 px`);
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page, `${screen}, 390 px`);
  await expectAccessible(page, `${screen}, 390 px`);
}
