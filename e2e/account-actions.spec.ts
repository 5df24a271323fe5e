import { expect, signIn, test } from './support/fixtures';
import { readLink, waitForOutboxMail } from './support/outbox';
import { apiToken, createFirm, createUserAs } from './support/people';
import { authenticatorCode } from './support/totp';

test.describe('the person in charge of an account', () => {
  test('an MPC mails a PC a reset link and removes its lost second factor, never seeing a password', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const pc = await createUserAs(request, firm.token, 'pc', 'Phoneless');
    // The PC turned on two-factor sign-in, then lost its phone.
    const headers = { authorization: `Bearer ${await apiToken(request, pc.email, pc.password)}` };
    const setup = await (await request.post('/api/2fa/setup', { headers })).json();
    const enabled = await request.post('/api/2fa/enable', {
      headers,
      data: { code: authenticatorCode(setup.data.secret), current_password: pc.password },
    });
    expect(enabled.status()).toBe(200);

    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto(`/mpc/pc/detail/${pc.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel(/password/i)).toHaveCount(0);

    await page.getByRole('button', { name: 'Send password reset link' }).click();
    const resetDialog = page.getByRole('dialog', { name: 'Send password reset link' });
    await expect(resetDialog).toContainText('will get an email with a link to choose a new password');
    await resetDialog.getByRole('button', { name: 'Send' }).click();
    await expect(resetDialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: /sent|mailed|email/i })).toBeVisible();
    const mail = await waitForOutboxMail(pc.email, 'Practice Portal: reset your password');
    expect(readLink(mail)).toMatch(/\/reset-password\?token=/);

    await page.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
    const twoFactorDialog = page.getByRole('dialog', { name: 'Reset two-factor sign-in' });
    await twoFactorDialog.getByRole('button', { name: 'Reset' }).click();
    await expect(twoFactorDialog).toBeHidden();
    await waitForOutboxMail(pc.email, 'Practice Portal: two-factor sign-in reset');
    // Nothing left to reset: the action is gone once the page has the new state.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Send password reset link' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset two-factor sign-in' })).toHaveCount(0);
    // The PC signs in with its password alone again.
    const signedIn = await request.post('/api/login', { data: { email: pc.email, password: pc.password } });
    expect((await signedIn.json()).data.token).toEqual(expect.any(String));
  });
});
