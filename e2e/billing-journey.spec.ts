import fs from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, signIn, test } from './support/fixtures';
import { adminToken, apiToken, createFirmWithGstWork, listWork } from './support/people';

/** The PDF's text, as a reader's copy-and-paste has it. */
async function readPdfText(path: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await fs.readFile(path)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/**
 * Issue 23's walk, in three steps of one firm: the MPC sets up billing and bills filed work from Ready to
 * bill, then downloads the PDF; the client sees it and its UPI QR on a phone; the MPC records a part payment
 * with the client's TDS, and the balance and the ageing follow.
 */
test.describe
  .serial('billing the work, end to end', () => {
    let firm: Awaited<ReturnType<typeof createFirmWithGstWork>>['firm'];
    let client: Awaited<ReturnType<typeof createFirmWithGstWork>>['client'];
    let filedTitle = '';
    let invoicePath = '';

    test.beforeAll(async ({ request }) => {
      ({ firm, client } = await createFirmWithGstWork(request, { pc: 'Journeypc', client: 'Journeyclient' }));
      // The admin chose the service's SAC code (corporate tax consulting and preparation).
      const admin = await adminToken(request);
      const sac = await request.post('/api/service/create', {
        headers: { authorization: `Bearer ${admin}` },
        data: { service_id: firm.gst, service_name: 'GST Filing', sac_code: '998231' },
      });
      expect(sac.ok()).toBe(true);
      // The firm filed one month's GSTR-3B with its ARN.
      const [first] = await listWork(request, firm.token, `&client_id=${client.id}`);
      filedTitle = first?.title as string;
      const filed = await request.put(`/api/work/${first?.id}`, {
        headers: { authorization: `Bearer ${firm.token}` },
        data: { status: 'filed', ack_number: 'AA2904260000999' },
      });
      expect(filed.ok()).toBe(true);
    });

    test('the MPC sets up its profile and a fee, bills the filed work from Ready to bill, issues it and downloads the PDF', async ({
      page,
    }) => {
      await signIn(page, firm.mpc.email, firm.mpc.password);
      await expect(page).toHaveURL(/\/mpc\/dashboard$/);
      await page.goto('/mpc/billing/settings');
      const profile = page.getByRole('form', { name: 'Billing profile' });
      await profile.getByLabel('Legal name').fill('Rao & Co, Chartered Accountants');
      await profile.getByLabel('Signatory').fill('Anil Rao, Partner');
      await profile.getByLabel('Address').fill('5 MG Road, Bengaluru 560001');
      await profile.getByLabel('State').selectOption('Karnataka');
      await profile.getByLabel('GSTIN').fill('29AAPFU0939F1ZR');
      await profile.getByLabel('PAN').fill('AAPFU0939F');
      await profile.getByLabel('UPI id').fill('raoco@okhdfc');
      await profile.getByRole('button', { name: 'Save billing profile' }).click();
      await expect(page.getByRole('region', { name: 'Billing profile' }).getByRole('alert')).toContainText('saved');

      await page.goto(`/mpc/client/detail/${client.id}`);
      const fees = page.getByRole('form', { name: 'Fees' });
      const gst = fees.getByRole('group', { name: /^GST/ });
      await gst.getByLabel('Amount (₹)').fill('1,500');
      await gst.getByLabel('Charged').selectOption({ label: 'Per work item' });
      await fees.getByRole('button', { name: 'Save fees' }).click();
      await expect(page.getByRole('region', { name: 'Fees' }).getByRole('alert')).toContainText('Fees saved.');

      await page.getByRole('link', { name: 'Billing' }).first().click();
      await page
        .getByRole('navigation', { name: 'Billing sections' })
        .getByRole('link', { name: 'Ready to bill' })
        .click();
      const ready = page.getByRole('table', { name: 'Work items' });
      const row = ready.getByRole('row', { name: new RegExp(filedTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
      await expect(row).toContainText('₹1,500.00');
      await row.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Create drafts' }).click();
      await page.getByRole('link', { name: /^Draft #\d+ for Journeyclient/ }).click();
      await expect(page.getByRole('heading', { name: 'Draft invoice' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Lines' })).toContainText(filedTitle);
      await page.getByRole('button', { name: 'Issue' }).click();
      await page.getByRole('dialog', { name: 'Issue this invoice?' }).getByRole('button', { name: 'Issue' }).click();
      const heading = page.getByRole('heading', { name: /^Invoice INV\/\d{4}-\d{2}\/0001$/ });
      await expect(heading).toBeVisible();
      const number = ((await heading.textContent()) ?? '').replace('Invoice ', '');
      invoicePath = new URL(page.url()).pathname.replace('/mpc/billing/invoices/', '/client/invoices/');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download PDF' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
      const text = await readPdfText(await file.path());
      for (const expected of [
        'Tax Invoice',
        `Invoice No.: ${number}`,
        'GSTIN: 29AAPFU0939F1ZR',
        'CGST',
        'SGST',
        '₹1,770.00',
        'Rupees One Thousand Seven Hundred Seventy Only',
      ])
        expect(text).toContain(expected);
      expect(text).not.toContain('IGST');
    });

    test('the client sees the invoice and its UPI QR on a phone', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, client.email, client.password);
      await expect(page).toHaveURL(/\/client\/dashboard$/);
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('button').click();
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Invoices' }).click();
      // Its own ledger below its invoices: what it owes.
      await expect(page.getByTestId('ledger-balance')).toContainText('Balance ₹1,770.00');
      await page
        .getByRole('table', { name: 'Invoices' })
        .getByRole('link', { name: /^INV\// })
        .click();
      await expect(page).toHaveURL(new RegExp(`${invoicePath}$`));
      await expect(page.getByRole('img', { name: 'UPI QR code to pay ₹1,770.00' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Pay by UPI on this phone' })).toHaveAttribute(
        'href',
        /^upi:\/\/pay\?pa=raoco@okhdfc&pn=Rao%20%26%20Co%2C%20Chartered%20Accountants&am=1770\.00&tn=INV%2F/,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });

    test('the MPC records a part payment with the client’s TDS; the balance and the ageing follow', async ({
      page,
      request,
    }) => {
      await signIn(page, firm.mpc.email, firm.mpc.password);
      await expect(page).toHaveURL(/\/mpc\/dashboard$/);
      await page.goto(invoicePath.replace('/client/invoices/', '/mpc/billing/invoices/'));
      await page.getByRole('button', { name: 'Record a payment' }).click();
      const payment = page.getByRole('dialog', { name: 'Record a payment' });
      await payment.getByLabel('Amount (₹)').fill('1,000');
      await payment.getByLabel('TDS deducted (₹)').fill('150');
      await payment.getByLabel('Reference').fill('UTR123456789');
      await payment.getByRole('button', { name: 'Record payment' }).click();
      await expect(payment).toBeHidden();
      await expect(page.getByText('Partly paid', { exact: true })).toBeVisible();
      // 1,770.00 less 1,000.00 received and 150.00 of TDS.
      await expect(page.getByTestId('invoice-balance')).toHaveText('₹620.00');

      await page.goto('/mpc/billing/outstanding');
      const row = page.getByRole('row', { name: /Journeyclient/ });
      await expect(row).toContainText('₹620.00');
      const token = await apiToken(request, client.email, client.password);
      const ledger = await request.get(`/api/clients/${client.id}/ledger`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect((await ledger.json()).data.balance_paise).toBe(62_000);
    });
  });
