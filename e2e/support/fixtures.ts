import { test as base, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './e2e-env';

/** Every page fails its test on a script error or a Content-Security-Policy violation. */
export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) {
        problems.push(`CSP: ${message.text()}`);
      }
    });
    await use(page);
    expect(problems, 'script errors or CSP violations on the page').toEqual([]);
  },
});

export { expect };

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email/Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

export async function readStoredSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    role: localStorage.getItem('role'),
    user: localStorage.getItem('user'),
  }));
}
