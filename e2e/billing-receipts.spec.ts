import { issueInvoice, saveBillingProfile } from './support/billing';
import { expect, signIn, test } from './support/fixtures';
import { createFirm, createUserAs } from './support/people';

test.describe('receipts, outstanding and the ledger', () => {
  test('an MPC records a receipt with TDS against one invoice, applies the advance to another, and the outstanding, ledger and balance follow', async ({
    page,
    request,
  }) => {
    const firm = await createFirm(request);
    await saveBillingProfile(request, firm.token);
    const client = await createUserAs(request, firm.token, 'client', 'Receiptclient', [firm.gst]);
    const first = await issueInvoice(request, firm.token, {
      clientId: client.id,
      rupees: 10_000,
      description: 'GST returns, October 2026',
    });
    const second = await issueInvoice(request, firm.token, {
      clientId: client.id,
      rupees: 10_000,
      description: 'GST returns, November 2026',
    });

    await signIn(page, firm.mpc.email, firm.mpc.password);
    await expect(page).toHaveURL(/\/mpc\/dashboard$/);
    await page.goto('/mpc/billing');
    const sections = page.getByRole('navigation', { name: 'Billing sections' });
    await sections.getByRole('link', { name: 'Receipts' }).click();
    await expect(page.getByRole('table', { name: 'Receipts' })).toContainText('No receipts yet');
    await page.getByRole('link', { name: 'Record a receipt' }).click();

    const form = page.getByRole('form', { name: 'Receipt' });
    await form.getByLabel('Find a client').fill('Receiptcl');
    await form.getByLabel('Client', { exact: true }).selectOption({ label: 'Receiptclient Demo' });
    const open = form.getByRole('table', { name: 'Open invoices' });
    await expect(open.getByRole('row', { name: new RegExp(first.number) })).toContainText('₹11,800.00');
    await form.getByLabel('Amount received (₹)').fill('12,000');
    await form.getByLabel('TDS deducted (₹)').fill('1,800');
    await form.getByLabel('Mode').selectOption({ label: 'NEFT' });
    await form.getByLabel('UTR or cheque number').fill('UTR0001');
    await form.getByRole('button', { name: `Pay ${first.number} in full` }).click();
    await expect(form.getByTestId('receipt-advance')).toHaveText('Advance (not allocated): ₹2,000.00');
    await form.getByRole('button', { name: 'Record the receipt' }).click();

    // Saved: the receipt's page, the TDS above 10 % of the taxable value warned of, not refused.
    await expect(page.getByRole('heading', { name: /^Receipt RCT\/\d{4}-\d{2}\/0001$/ })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('The TDS is more than 10 %');
    const allocations = page.getByRole('table', { name: 'Allocations' });
    await expect(allocations.getByRole('link', { name: first.number })).toHaveAttribute(
      'href',
      `/mpc/billing/invoices/${first.id}`,
    );
    await page.getByRole('button', { name: 'Apply the advance' }).click();
    const apply = page.getByRole('dialog', { name: 'Apply the advance to an invoice' });
    await apply.getByLabel('Invoice').selectOption({ label: `${second.number} · balance ₹11,800.00` });
    await expect(apply.getByLabel('Amount (₹)')).toHaveValue('2000.00');
    await apply.getByRole('button', { name: 'Apply' }).click();
    await expect(apply).toBeHidden();
    await expect(allocations.getByRole('link', { name: second.number })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply the advance' })).toHaveCount(0);

    // The outstanding: the first invoice paid, ₹9,800 of the second not yet due.
    await sections.getByRole('link', { name: 'Outstanding' }).click();
    const ageing = page.getByRole('table', { name: 'Outstanding by client' });
    const row = ageing.getByRole('row', { name: /Receiptclient Demo/ });
    await expect(row).toContainText('₹9,800.00');
    await row.getByRole('link', { name: 'Receiptclient Demo' }).click();

    // The client's page: its balance on the header, its ledger with the running balance.
    await expect(page).toHaveURL(new RegExp(`/mpc/client/detail/${client.id}`));
    await expect(page.getByRole('region', { name: 'Client' }).getByTestId('client-balance')).toHaveText(
      'Balance ₹9,800.00',
    );
    const ledger = page.getByRole('region', { name: 'Ledger' });
    await expect(ledger.getByTestId('ledger-balance')).toContainText('Balance ₹9,800.00');
    await expect(ledger.getByRole('row', { name: /TDS deducted/ })).toContainText('₹1,800.00');

    // Cancelling the receipt with a reason: both invoices owe in full again.
    await ledger
      .getByRole('link', { name: /^RCT\// })
      .first()
      .click();
    await page.getByRole('button', { name: 'Cancel receipt' }).click();
    const cancel = page.getByRole('dialog', { name: /^Cancel receipt/ });
    await cancel.getByLabel('Reason').fill('Cheque bounced');
    await cancel.getByRole('button', { name: 'Cancel the receipt' }).click();
    await expect(page.getByText('Cancelled: Cheque bounced')).toBeVisible();
    await sections.getByRole('link', { name: 'Outstanding' }).click();
    await expect(row).toContainText('₹23,600.00');
  });
});
