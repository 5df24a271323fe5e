import { expectAccessible } from './support/accessibility';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, signIn, test } from './support/fixtures';
import { waitForOutboxMail } from './support/outbox';
import { askForDocuments, createFirmWithGstWork, listWork, PDF_BYTES } from './support/people';
import { expectNoSidewaysScroll } from './support/phone-layout';

test.use({ viewport: { width: 390, height: 844 } });

test.describe('a document request opened from its mailed link (issue 24)', () => {
  test('the client uploads two documents on a phone without signing in, and the PC sees them', async ({
    page,
    request,
  }) => {
    const { firm, pc, client } = await createFirmWithGstWork(request, { pc: 'Linkpc', client: 'Linkclient' });
    const headers = { authorization: `Bearer ${firm.token}` };
    const assigned = await request.post('/api/service/assignPC', {
      headers,
      data: { client_id: client.id, service_id: firm.gst, pc_id: pc.id },
    });
    expect(assigned.ok()).toBe(true);
    const [work] = await listWork(request, firm.token, `&client_id=${client.id}`);
    const title = work?.title as string;
    await askForDocuments(request, firm.token, work?.id as number, ['Sales register', 'Bank statement']);

    // The mail, from the outbox: its link opens the request, no sign-in.
    const mail = await waitForOutboxMail(client.email, `Practice Portal: documents needed for ${title}`);
    const link = /(https?:\/\/\S+\/r\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    // The portal's own address and a whole token (32 random bytes, base64url): nothing else opens the request.
    expect(link).toMatch(new RegExp(`^${E2E_BASE_URL}/r/[A-Za-z0-9_-]{43}$`));
    await page.goto(link as string);
    await expect(page.getByRole('heading', { name: `Documents for ${title}` })).toBeVisible();
    await expect(page.getByText('For this month, please.')).toBeVisible();
    await expect(page.getByText(/Needed by \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await expectNoSidewaysScroll(page, 'request link page');
    await expectAccessible(page, 'request link page, 390 px');

    for (const [document, file] of [
      ['Sales register', 'sales-register.pdf'],
      ['Bank statement', 'bank-statement.pdf'],
    ] as const) {
      const form = page.getByRole('form', { name: `Upload ${document}` });
      await form
        .getByLabel(`File for ${document}`)
        .setInputFiles({ name: file, mimeType: 'application/pdf', buffer: PDF_BYTES });
      await form.getByRole('button', { name: `Upload ${document}` }).click();
      await expect(page.getByText(`${document}: Document uploaded.`)).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: file }).first()).toBeVisible();
    }
    await expect(page.getByText('Uploaded, to review')).toHaveCount(2);
    await expectNoSidewaysScroll(page, 'request link page after uploads');

    // The PC signs in and finds both on the request of the work item.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, pc.email, pc.password);
    await expect(page).toHaveURL(/\/pc\/dashboard$/);
    await page.goto(`/pc/work/${work?.id}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'sales-register.pdf' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'bank-statement.pdf' })).toBeVisible();
    await expect(page.getByText(/Link without sign-in: works until \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  });

  test('a link that is not valid says so and shows nothing of any request', async ({ page }) => {
    await page.goto(`/r/${'x'.repeat(43)}`);
    await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('This link is not valid.');
    await expectAccessible(page, 'request link refused, 390 px');
  });
});
