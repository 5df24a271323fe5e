import { AGEING_PATH, type Ageing, type Ledger, ledgerPath } from '@portal/contract/ledger';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type SentRequest } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { AgeingTable } from './ageing-table';
import { ClientBalance } from './client-balance';
import { ClientLedgerSection } from './client-ledger-section';

/** The role the screens' addresses are under. */
const MPC = 'mpc';

const FIRST_PAGE: Ledger = {
  client_id: 9,
  client_name: 'Asha Traders',
  balance_paise: 680_000,
  advance_paise: 0,
  data: [
    {
      date: '2026-10-01',
      kind: 'invoice',
      id: 11,
      number: 'INV/2026-27/0001',
      description: 'Invoice',
      debit_paise: 1_180_000,
      credit_paise: 0,
      balance_paise: 1_180_000,
    },
  ],
  next_after: '2026-10-01.0.11.0',
};
const SECOND_PAGE: Ledger = {
  ...FIRST_PAGE,
  data: [
    {
      date: '2026-10-20',
      kind: 'receipt',
      id: 5,
      number: 'RCT/2026-27/0001',
      description: 'Received by NEFT',
      debit_paise: 0,
      credit_paise: 500_000,
      balance_paise: 680_000,
    },
  ],
  next_after: null,
};

describe('ClientLedgerSection', () => {
  it('shows the balance on top, links each entry to its page and reads the next page after the cursor', async () => {
    const api = fakeApi().on('GET', ledgerPath(9), (request: SentRequest) =>
      ok(request.params.after === '2026-10-01.0.11.0' ? SECOND_PAGE : FIRST_PAGE),
    );
    const { user } = renderScreen(<ClientLedgerSection clientId={9} role={MPC} />);
    expect(await screen.findByTestId('ledger-balance')).toHaveTextContent('Balance ₹6,800.00');
    const table = screen.getByRole('table', { name: 'Ledger' });
    expect(within(table).getByRole('link', { name: 'INV/2026-27/0001' })).toHaveAttribute(
      'href',
      '/mpc/billing/invoices/11',
    );
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(table).findByRole('link', { name: 'RCT/2026-27/0001' })).toHaveAttribute(
      'href',
      '/mpc/billing/receipts/5',
    );
    expect(within(table).getByRole('row', { name: /Received by NEFT/ })).toHaveTextContent('₹5,000.00');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.sentTo('GET', ledgerPath(9)).map((request) => request.params.after)).toEqual([
      undefined,
      '2026-10-01.0.11.0',
    ]);
  });
});

describe('ClientBalance', () => {
  it('reads the ledger with one entry and says a negative balance is the client’s credit', async () => {
    const api = fakeApi().on('GET', ledgerPath(9), ok({ ...FIRST_PAGE, balance_paise: -50_000, next_after: null }));
    renderScreen(<ClientBalance clientId={9} />);
    expect(await screen.findByTestId('client-balance')).toHaveTextContent('In credit ₹500.00');
    expect(api.sentTo('GET', ledgerPath(9))[0]?.params).toEqual({ limit: 1 });
  });
});

describe('AgeingTable', () => {
  it('shows the firm’s totals above the clients, each client leading to its page', async () => {
    const amounts = { not_due: 0, days_0_30: 100_000, days_31_60: 0, days_61_90: 0, over_90: 250_000, total: 350_000 };
    const ageing: Ageing = {
      as_of: '2026-11-27',
      clients: [{ client_id: 9, client_name: 'Asha Traders', ...amounts }],
      totals: amounts,
      next_after: null,
    };
    fakeApi().on('GET', AGEING_PATH, ok(ageing));
    renderScreen(<AgeingTable role={MPC} />);
    const table = await screen.findByRole('table', { name: 'Outstanding by client' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByRole('row', { name: /All clients/ })).toHaveTextContent('₹3,500.00');
    expect(within(table).getByRole('link', { name: 'Asha Traders' })).toHaveAttribute(
      'href',
      '/mpc/client/detail/9#client-ledger-title',
    );
    expect(screen.getByText(/As of 27\/11\/2026/)).toBeVisible();
  });
});
