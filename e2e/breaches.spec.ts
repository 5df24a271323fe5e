import { anHourAgoInIndia } from './support/breaches';
import { expect, signIn, test } from './support/fixtures';
import { waitForOutboxMail } from './support/outbox';
import { createFirm, createUserAs, uniqueSuffix } from './support/people';

test.describe('the breach register', () => {
  test('an MPC records a breach of one client’s data, sends the notices, and the client’s notice is in the outbox', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    const first = `Leaked${uniqueSuffix()}`;
    const client = await createUserAs(request, firm.token, 'client', first, [firm.gst]);
    const clientName = `${first} Demo`;
    const found = anHourAgoInIndia();

    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Breaches' }).click();
    await expect(page.getByRole('heading', { name: "The firm's breach register" })).toBeVisible();
    await page.getByRole('button', { name: 'Record a breach' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a breach' });
    await dialog.getByLabel('Found on').fill(found.shown);
    await dialog.getByLabel('At (India time)').fill(found.time);
    await dialog.getByLabel('What happened').fill('A USB drive with <b>ITR</b> papers was lost at the office.');
    await dialog.getByLabel('PAN', { exact: true }).check();
    await dialog.getByLabel('Documents (returns, statements, uploaded files)').check();
    // Naming nobody is refused under its field, before anything is sent.
    await dialog.getByRole('button', { name: 'Record' }).click();
    await expect(dialog.getByText('Choose at least one affected person, or everyone.')).toBeVisible();
    await dialog.getByLabel('Search clients affected').fill(first);
    await dialog.getByLabel(clientName).check();
    await dialog.getByLabel('Likely consequences').fill('Someone may misuse your PAN.');
    await dialog.getByLabel('Measures taken').fill('The drive was encrypted; passwords were changed.');
    await dialog.getByLabel('What people can do').fill('Watch your Form 26AS for returns you did not file.');
    await dialog.getByRole('button', { name: 'Record' }).click();

    await expect(page.getByRole('heading', { level: 1, name: /^Breach found / })).toBeVisible();
    await expect(page.getByText(/^(70|71) h \d+ min left$/)).toBeVisible();
    await expect(page.getByText(clientName)).toBeVisible();

    await page.getByRole('button', { name: 'Send notices' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send notices' });
    await confirm.getByRole('button', { name: 'Send notices' }).click();
    await expect(page.getByText('1 notice queued for mail.')).toBeVisible();
    const notices = page.getByRole('table', { name: 'Notices' });
    await expect(notices.getByRole('row').filter({ hasText: clientName })).toBeVisible();

    const mail = await waitForOutboxMail(client.email, 'Practice Portal: notice of a personal data breach');
    expect(mail.text).toContain('A USB drive with <b>ITR</b> papers was lost at the office.');
    expect(mail.text).toContain('Watch your Form 26AS for returns you did not file.');
    expect(mail.text).toContain(`Email: ${firm.mpc.email}`);
    // Once delivered, the notice says so.
    await page.reload();
    await expect(notices.getByRole('row').filter({ hasText: clientName })).toContainText('Sent');

    // The register lists it with the Board's hours left.
    await page.getByRole('link', { name: 'Back to the register' }).click();
    const row = page.getByRole('table', { name: 'Breaches' }).getByRole('row').filter({ hasText: 'USB drive' });
    await expect(row).toContainText('left');
  });
});
