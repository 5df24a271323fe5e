import { E2E_ADMIN } from './support/e2e-env';
import { expect, readStoredSession, signIn, signInAsAdmin, test } from './support/fixtures';
import { adminToken, createMpcThroughApi, ensureService } from './support/people';

test.describe('sign-in, guard and logout', () => {
  test('the admin signs in and lands on /admin/dashboard with the session stored', async ({ page }) => {
    await signInAsAdmin(page);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Platform Admin' })).toBeVisible();
    const stored = await readStoredSession(page);
    expect(stored.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored.role).toBe('admin');
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ email: E2E_ADMIN.email, status: 'active' });
  });

  test('the sign-in page is a 400px card at / and at /login', async ({ page }) => {
    for (const path of ['/', '/login']) {
      await page.goto(path);
      const card = page.locator('.login-card');
      await expect(card.getByRole('img', { name: /logo/ })).toBeVisible();
      expect((await card.boundingBox())?.width).toBe(400);
      await expect(page).toHaveTitle('Sign in · Practice Portal');
    }
    // Registration is open in these tests: the sign-in page leads there.
    await page.getByRole('link', { name: 'Register your firm' }).click();
    await expect(page).toHaveURL(/\/registration$/);
  });

  test('empty fields show the spec messages and send no request', async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) requests += 1;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Please enter valid email id.')).toBeVisible();
    await expect(page.getByText('Please enter valid password.')).toBeVisible();
    expect(requests).toBe(0);
  });

  test('a wrong password shows the message, with the button disabled and spinning meanwhile', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Email/Username').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong@12345');
    const button = page.getByRole('button', { name: 'Login' });
    await button.click();
    await expect(button).toBeDisabled();
    await expect(page.getByRole('status', { name: 'Signing in' })).toBeVisible();
    release();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await expect(button).toBeEnabled();
    await expect(page.getByRole('status', { name: 'Signing in' })).toHaveCount(0);
    expect((await readStoredSession(page)).token).toBeNull();
  });

  test('the password toggle shows and hides the password', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Secret@123');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('the guard sends a visitor without a token to /login', async ({ page }) => {
    for (const path of [
      '/admin/dashboard',
      '/admin/service',
      '/mpc/dashboard',
      '/pc/dashboard',
      '/executor/dashboard',
      '/client/dashboard',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('the guard turns away a signed-in user of another role, via /login to its own dashboard', async ({ page }) => {
    await signInAsAdmin(page);
    for (const path of ['/mpc/dashboard', '/pc/dashboard', '/executor/dashboard', '/client/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole('link', { name: 'Services' })).toBeVisible();
    }
  });

  test('an unknown path goes to /', async ({ page }) => {
    for (const path of ['/no/such/page', '/admin/no-such-tab']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/(login)?$/);
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    }
  });

  test('a signed-in admin visiting the sign-in page goes to the dashboard', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('a 401 on any call clears the session and goes to /', async ({ page }) => {
    // Let the area's own refresh of the user finish first, or it meets the forged token.
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/me'));
    await signInAsAdmin(page);
    await refreshed;
    await page.evaluate(() => localStorage.setItem('token', 'revoked-token-value-that-the-server-does-not-know'));
    await page.goto('/admin/service');
    await expect(page).toHaveURL(/\/$/);
    const stored = await readStoredSession(page);
    expect(stored.token).toBeNull();
    expect(stored.user).toBeNull();
  });

  test('a user disabled while signed in is dropped to sign-in with the reason', async ({ page, request }) => {
    const admin = await adminToken(request);
    const service = await ensureService(request, admin, 'GST Filing');
    const mpc = await createMpcThroughApi(request, admin, {
      first_name: 'Dropped',
      last_name: 'Owner',
      service_id: service,
    });
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/me'));
    await signIn(page, mpc.email, mpc.password);
    await refreshed;
    const disabled = await request.put('/api/user/updateStatus', {
      headers: { authorization: `Bearer ${admin}` },
      data: { user_id: mpc.id, status: 'deactivated' },
    });
    expect(disabled.status()).toBe(200);
    await page.goto('/mpc/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alert')).toHaveText(
      'Your account has been disabled by Platform Admin. Contact your firm if you need it back.',
    );
    expect((await readStoredSession(page)).token).toBeNull();
  });

  test('logout revokes the token, clears localStorage and a reload stays signed out', async ({ page, request }) => {
    await signInAsAdmin(page);
    const { token } = await readStoredSession(page);
    await page.getByRole('button', { name: 'Platform Admin' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await readStoredSession(page)).toEqual({ token: null, role: null, user: null });
    await page.reload();
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    const me = await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test('an area starts from the stored user and refreshes it from the server', async ({ page }) => {
    await signInAsAdmin(page);
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}');
      localStorage.setItem('user', JSON.stringify({ ...user, first_name: 'Stale', last_name: 'Copy' }));
    });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Platform Admin' })).toBeVisible();
    expect(JSON.parse((await readStoredSession(page)).user ?? '{}').first_name).toBe('Platform');
  });

  test('signing in by username works too', async ({ page }) => {
    await signIn(page, 'platformadmin', E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});
