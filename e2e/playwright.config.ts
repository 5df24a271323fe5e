import { defineConfig } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from './support/e2e-env';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // One browser at a time: on this two-core machine two workers made Chromium, the server and axe share
  // the cores, and long journeys took 23-32 s (CI timed out at 30 s). Alone, the suite took 15.7 min
  // under a load of 12 with every test under 17 s; two workers on a quiet machine took 11.7 min.
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    // The portal's service worker would serve one test's cached assets to the next and route every
    // request through itself; only installable.spec.ts allows it (docs/decisions/0038).
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's Chromium; never a downloaded browser (none can be fetched here).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node support/start-server.mjs',
    url: `${E2E_BASE_URL}/login`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Not the default SIGKILL: the starter must live to remove its throw-away data folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(E2E_PORT),
      E2E_DATA_DIR,
      // No SMTP server: mail is written to E2E_DATA_DIR/outbox, where the tests read it.
      APP_URL: E2E_BASE_URL,
      HOST: '127.0.0.1',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      // Small, so a browser test can offer a file over the limit without moving 50 MB around.
      MAX_UPLOAD_MB: '5',
      // A firm that signs itself up waits for the admin (registration.spec.ts walks the approval).
      REGISTRATION_APPROVAL: 'true',
    },
  },
});
