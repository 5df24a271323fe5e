import { BILLING_PATHS } from '@portal/contract/billing';
import { INVOICE_PATHS, type Invoice, type InvoicePage } from '@portal/contract/invoices';
import { formatIndianDate, indianDateOf } from '@portal/contract/plain-dates';
import { RECEIPT_MESSAGES, RECEIPT_PATHS, type Receipt } from '@portal/contract/receipts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refused, type SentRequest } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { ReceiptEditor } from './receipt-editor';
import { ReceiptPage } from './receipt-page';

/** The roles the screens' addresses are under. */
const MPC = 'mpc';
const PC = 'pc';

/** An issued or partly paid invoice of client 9 with what it still owes. */
function openInvoice(id: number, number: string, balance: number, status: 'issued' | 'partly_paid'): Invoice {
  return {
    id,
    number,
    status,
    client_id: 9,
    client_name: 'Asha Traders',
    invoice_date: '2026-10-01',
    due_date: '2026-10-16',
    balance_paise: balance,
    total_paise: balance,
  } as Invoice;
}

const ISSUED = openInvoice(11, 'INV/2026-27/0001', 1_180_000, 'issued');
const PARTLY = openInvoice(12, 'INV/2026-27/0002', 500_000, 'partly_paid');

/** The open invoices of client 9: one issued, one partly paid (the list answers one status at a time). */
const answerOpenInvoices = (request: SentRequest) => {
  const data = request.params.status === 'issued' ? [ISSUED] : [PARTLY];
  return ok({ data, next_before: null } satisfies InvoicePage);
};

const RECEIPT: Receipt = {
  id: 5,
  client_id: 9,
  client_name: 'Asha Traders',
  number: 'RCT/2026-27/0001',
  receipt_date: '2026-11-20',
  amount_paise: 1_000_000,
  tds_paise: 0,
  tds_section: 'Section 393(1), table serial 6(iii), Income-tax Act 2025',
  allocated_paise: 200_000,
  advance_paise: 800_000,
  mode: 'neft',
  reference: 'UTR123',
  notes: null,
  status: 'active',
  cancel_reason: null,
  allocations: [
    { invoice_id: 12, invoice_number: 'INV/2026-27/0002', amount_paise: 200_000, tds_paise: 0, created_at: '' },
  ],
  warnings: [],
  created_at: '2026-11-20T05:00:00.000Z',
};

function showEditor() {
  const api = fakeApi()
    .on('GET', BILLING_PATHS.clients, ok([{ id: 9, name: 'Asha Traders', state: 'Karnataka', gstin: null }]))
    .on('GET', INVOICE_PATHS.list, answerOpenInvoices);
  const view = renderScreen(<ReceiptEditor role={MPC} />, { path: '/mpc/billing/receipts/new' });
  return { api, ...view };
}

/** Chooses client 9 once the client box has found it. */
async function chooseClient(user: ReturnType<typeof showEditor>['user']) {
  await screen.findByRole('option', { name: 'Asha Traders' });
  await user.selectOptions(screen.getByLabelText('Client'), 'Asha Traders');
}

describe('ReceiptEditor', () => {
  it('lists the client’s open invoices, pays one in full, and sends the rest as the advance with the TDS', async () => {
    const { api, user, router } = showEditor();
    expect(screen.getByLabelText('Date')).toHaveValue(formatIndianDate(indianDateOf(new Date())));
    await chooseClient(user);
    const rows = await screen.findByRole('table', { name: 'Open invoices' });
    expect(await within(rows).findByText('INV/2026-27/0001')).toBeVisible();
    expect(within(rows).getByText('₹5,000.00')).toBeVisible();
    await user.type(screen.getByLabelText('Amount received (₹)'), '15,000');
    await user.type(screen.getByLabelText('TDS deducted (₹)'), '1,000');
    await user.type(screen.getByLabelText('UTR or cheque number'), 'UTR9');
    await user.click(screen.getByRole('button', { name: 'Pay INV/2026-27/0001 in full' }));
    expect(screen.getByLabelText('Amount for INV/2026-27/0001')).toHaveValue('11800.00');
    expect(screen.getByTestId('receipt-advance')).toHaveTextContent('₹4,200.00');

    api.on('POST', RECEIPT_PATHS.list, ok({ ...RECEIPT, warnings: [RECEIPT_MESSAGES.tdsAboveRate] }));
    await user.click(screen.getByRole('button', { name: 'Record the receipt' }));
    await waitFor(() => expect(api.sentTo('POST', RECEIPT_PATHS.list)).toHaveLength(1));
    expect(api.sentTo('POST', RECEIPT_PATHS.list)[0]?.body).toEqual({
      client_id: 9,
      receipt_date: indianDateOf(new Date()),
      amount_paise: 1_500_000,
      tds_paise: 100_000,
      mode: 'upi',
      reference: 'UTR9',
      notes: null,
      allocations: [{ invoice_id: 11, amount_paise: 1_180_000 }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/mpc/billing/receipts/5'));
    expect(router.state.location.state).toEqual({ warnings: [RECEIPT_MESSAGES.tdsAboveRate] });
  });

  it('asks for the UTR before sending, and shows a refusal of an allocation under that invoice’s box', async () => {
    const { api, user } = showEditor();
    await chooseClient(user);
    await user.type(screen.getByLabelText('Amount received (₹)'), '7000');
    await user.type(await screen.findByLabelText('Amount for INV/2026-27/0002'), '6000');
    await user.click(screen.getByRole('button', { name: 'Record the receipt' }));
    await waitFor(() =>
      expect(screen.getByLabelText('UTR or cheque number')).toHaveAccessibleDescription(
        RECEIPT_MESSAGES.referenceRequired,
      ),
    );
    expect(api.sentTo('POST', RECEIPT_PATHS.list)).toHaveLength(0);

    // Only the second invoice has an amount: the body's allocations.0 is that row.
    api.on(
      'POST',
      RECEIPT_PATHS.list,
      refused(422, 'The given data was invalid.', { 'allocations.0.amount_paise': [RECEIPT_MESSAGES.overBalance] }),
    );
    await user.type(screen.getByLabelText('UTR or cheque number'), 'UTR1');
    await user.click(screen.getByRole('button', { name: 'Record the receipt' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Amount for INV/2026-27/0002')).toHaveAccessibleDescription(
        RECEIPT_MESSAGES.overBalance,
      ),
    );
    expect(screen.getByLabelText('Amount for INV/2026-27/0001')).not.toHaveAccessibleDescription();
  });
});

describe('ReceiptPage', () => {
  it('links each allocation to its invoice and applies the advance, the lesser of it and the balance by default', async () => {
    const api = fakeApi()
      .on('GET', RECEIPT_PATHS.item(5), ok(RECEIPT))
      .on('GET', INVOICE_PATHS.list, answerOpenInvoices);
    const { user } = renderScreen(<ReceiptPage role={PC} receiptId={5} />);
    const allocations = await screen.findByRole('table', { name: 'Allocations' });
    expect(within(allocations).getByRole('link', { name: 'INV/2026-27/0002' })).toHaveAttribute(
      'href',
      '/pc/billing/invoices/12',
    );
    await user.click(screen.getByRole('button', { name: 'Apply the advance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply the advance to an invoice' });
    await within(dialog).findByRole('option', { name: /INV\/2026-27\/0001/ });
    await user.selectOptions(within(dialog).getByLabelText('Invoice'), '11');
    expect(within(dialog).getByLabelText('Amount (₹)')).toHaveValue('8000.00');
    await user.selectOptions(within(dialog).getByLabelText('Invoice'), '12');
    expect(within(dialog).getByLabelText('Amount (₹)')).toHaveValue('5000.00');
    api.on('POST', RECEIPT_PATHS.apply(5), ok({ ...RECEIPT, advance_paise: 300_000 }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.sentTo('POST', RECEIPT_PATHS.apply(5))).toHaveLength(1));
    expect(api.sentTo('POST', RECEIPT_PATHS.apply(5))[0]?.body).toEqual({ invoice_id: 12, amount_paise: 500_000 });
    expect(await screen.findByText('₹3,000.00')).toBeVisible();
  });
});
