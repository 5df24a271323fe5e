import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { createFirm, createFolderWithFile, createUserAs } from './support/people';
import { expectNoSidewaysScroll } from './support/phone-layout';

// Blocked for every other spec (playwright.config.ts): here the portal's own worker runs.
test.use({ serviceWorkers: 'allow' });

/** What the service worker keeps besides the build's hashed files (apps/web/build-tools/service-worker.ts). */
const OFFLINE_FILES = ['/offline.html', '/offline.css', '/logo.svg'];

/** Waits for the portal's worker to be active and in control of the page; answers its script's path. */
async function waitForWorker(page: Page): Promise<string> {
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return new URL(script).pathname;
}

/** Every URL in every cache of the origin, as paths. */
function readCachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

test.describe('the portal installs on a phone', () => {
  test('the manifest, icons and service worker are served', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0d6efd');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const manifestAnswer = await page.request.get('/manifest.webmanifest');
    expect(manifestAnswer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await manifestAnswer.json();
    expect(manifest).toMatchObject({
      name: 'Practice Portal',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0d6efd',
      background_color: '#ffffff',
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const href of [...icons.map((icon) => icon.src), '/icons/apple-touch-icon.png']) {
      const icon = await page.request.get(href);
      expect(icon.headers()['content-type'], href).toBe('image/png');
    }
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');

    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(await waitForWorker(page)).toBe('/sw.js');
  });

  test("the portal passes Chromium's installability check", async ({ baseURL }, testInfo) => {
    // Chromium never offers to install from an incognito profile, which every Playwright context is but a
    // persistent one: this test opens its own, on a throw-away profile folder.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL,
      serviceWorkers: 'allow',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/login');
      await waitForWorker(page);
      const cdp = await context.newCDPSession(page);
      // Chromium reads the manifest and fetches the icons itself before it answers.
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 10_000 })
        .toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  test('after a signed-in visit and a download the caches hold only the build’s files, never an answer', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const client = await createUserAs(request, firm.token, 'client', 'Cacheclient', [firm.gst]);
    const target = { clientId: client.id, serviceId: firm.gst };
    const folderId = await createFolderWithFile(request, firm.token, target, {
      folder: 'Returns',
      file: 'gstr-1.pdf',
      clientCanDelete: false,
    });
    const answers: string[] = [];
    page.on('response', (response) => answers.push(new URL(response.url()).pathname));
    await page.goto('/login');
    await waitForWorker(page);
    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/client/file/${client.id}/${firm.gst}/${folderId}`);
    // The download goes through the worker (it sees every request of the page) to the network, untouched.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download gstr-1.pdf' }).click(),
    ]);
    expect(await file.failure()).toBeNull();
    expect(answers.filter((path) => path.startsWith('/api/')).length).toBeGreaterThan(2);

    const cached = await readCachedPaths(page);
    expect(cached.length).toBeGreaterThan(OFFLINE_FILES.length);
    const notAssets = cached.filter((path) => !path.startsWith('/assets/') && !OFFLINE_FILES.includes(path));
    expect(notAssets).toEqual([]);
    expect(await page.evaluate(() => caches.keys())).toEqual([expect.stringMatching(/^portal-assets-[0-9a-f]{16}$/)]);
  });

  test('offline, a page of the portal says so plainly, and the build’s files still come from the cache', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await waitForWorker(page);
    const script = await page.locator('script[type="module"]').getAttribute('src');
    await context.setOffline(true);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(
      page.getByText('The portal needs a connection; your files are not stored on this device.'),
    ).toBeVisible();
    // Not the app with stale data: no script of the app runs on this page.
    await expect(page.locator('#root')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 'the offline page');
    await expectAccessible(page, 'the offline page, 390 px');
    const fromCache = await page.evaluate(async (url) => (await fetch(url)).status, script as string);
    expect(fromCache).toBe(200);
    const api = await page.evaluate(async () => {
      try {
        return (await fetch('/api/me')).status;
      } catch {
        return 'failed';
      }
    });
    expect(api).toBe('failed');

    await context.setOffline(false);
    await page.getByRole('link', { name: 'try again' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});
