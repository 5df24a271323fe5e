import { BILLING_READY_PATHS, type ReadyEntry, type ReadyPage } from '@portal/contract/billing-ready';
import { BILLING_REPORT_PATHS } from '@portal/contract/billing-reports';
import { financialYearOf } from '@portal/contract/compliance-periods';
import { INVOICE_EXPORT_PATH, INVOICE_PATHS } from '@portal/contract/invoices';
import { indianDateOf } from '@portal/contract/plain-dates';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, refused, type SentRequest } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { BillingReports } from './billing-reports';
import { InvoiceList } from './invoice-list';
import { ReadyToBill } from './ready-to-bill';

const MPC = 'mpc';
const CLIENT = 'client';

const WORK: ReadyEntry = {
  work_item_id: 41,
  period_key: null,
  client_id: 9,
  client_name: 'Asha Traders',
  service_id: 3,
  service_name: 'GST',
  sac: '998231',
  title: 'GSTR-3B · Oct 2026',
  period: null,
  status: 'filed',
  closed_on: '2026-11-18',
  basis: 'per_item',
  amount_paise: 250_000,
  gst_rate_bp: 1800,
};
const SECOND_WORK: ReadyEntry = {
  ...WORK,
  work_item_id: 40,
  client_id: 10,
  client_name: 'Bala Mills',
  title: 'GSTR-1 · Oct 2026',
};
const RETAINER: ReadyEntry = {
  ...WORK,
  work_item_id: null,
  period_key: '2026-11',
  service_name: 'Accounting',
  service_id: 4,
  title: 'Nov 2026',
  period: 'Nov 2026',
  status: null,
  closed_on: null,
  basis: 'monthly',
  amount_paise: 1_000_000,
};

const page = (data: ReadyEntry[], next: Partial<ReadyPage> = {}): ReadyPage => ({
  data,
  next_before: null,
  next_after: null,
  ...next,
});

function showReady() {
  const api = fakeApi()
    .on('GET', BILLING_READY_PATHS.ready, (request: SentRequest) =>
      ok(
        request.params.kind === 'fees'
          ? page([RETAINER])
          : request.params.before === 41
            ? page([SECOND_WORK])
            : page([WORK], { next_before: 41 }),
      ),
    )
    .on(
      'POST',
      BILLING_READY_PATHS.drafts,
      ok({
        made: [{ client_id: 9, invoice_id: 77 }],
        refused: [{ client_id: 10, message: 'This work item is already billed on another invoice.' }],
      }),
    );
  return { api, ...renderScreen(<ReadyToBill role={MPC} />, { path: '/mpc/billing/ready' }) };
}

describe('ReadyToBill', () => {
  it('reads more work, selects what is shown, totals it and makes drafts, linking each and naming the refused', async () => {
    const { api, user } = showReady();
    const work = await screen.findByRole('table', { name: 'Work items' });
    expect(await within(work).findByRole('row', { name: /GSTR-3B/ })).toHaveTextContent('Filed 18/11/2026');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await within(work).findByRole('row', { name: /GSTR-1/ });
    expect(api.sentTo('GET', BILLING_READY_PATHS.ready).map((request) => request.params.before)).toContain(41);
    await user.click(screen.getAllByLabelText('Select all shown')[0] as HTMLElement);
    await user.click(await screen.findByLabelText('Bill Asha Traders: Nov 2026'));
    expect(screen.getByTestId('ready-total')).toHaveTextContent('3 chosen, ₹15,000.00 before GST');
    await user.click(screen.getByRole('button', { name: 'Create drafts' }));
    expect(await screen.findByRole('link', { name: 'Draft #77 for Asha Traders' })).toHaveAttribute(
      'href',
      '/mpc/billing/invoices/77',
    );
    expect(screen.getByText(/Bala Mills: This work item is already billed/)).toBeInTheDocument();
    expect(api.sentTo('POST', BILLING_READY_PATHS.drafts)[0]?.body).toEqual({
      entries: [{ work_item_id: 41 }, { work_item_id: 40 }, { client_id: 9, service_id: 4, period_key: '2026-11' }],
    });
  });

  it('keeps Create drafts off until something is chosen, and shows a refusal of the whole request', async () => {
    const { api, user } = showReady();
    api.on('POST', BILLING_READY_PATHS.drafts, refused(422, 'Give the service a SAC code before billing it.'));
    const button = screen.getByRole('button', { name: 'Create drafts' });
    expect(button).toBeDisabled();
    await user.click(await screen.findByLabelText('Bill Asha Traders: GSTR-3B · Oct 2026'));
    await user.click(button);
    expect(await screen.findByText('Give the service a SAC code before billing it.')).toBeInTheDocument();
  });
});

describe('downloads', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    // The saved file's link is clicked; jsdom cannot follow it.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('Reports: shows the figures, downloads a report for this financial year and a GSTR-1 sheet', async () => {
    const api = fakeApi()
      .on(
        'GET',
        BILLING_READY_PATHS.summary,
        ok({
          month: { billed_paise: 1_180_000, collected_paise: 500_000 },
          financial_year: { billed_paise: 12_34_567_00, collected_paise: 0 },
          outstanding_paise: 680_000,
          unbilled_paise: 250_000,
        }),
      )
      .on('GET', /\/billing\/(reports\/.*|gstr1)\.csv$/, { status: 200, body: new Blob(['Month,Invoices\n']) });
    const { user } = renderScreen(<BillingReports role={MPC} />, { path: '/mpc/billing/reports' });
    expect(await screen.findByRole('link', { name: '₹12,34,567.00' })).toHaveAttribute('href', '/mpc/billing');
    expect(screen.getByLabelText('Outstanding')).toHaveTextContent('₹6,800.00');
    expect(screen.getByRole('link', { name: '₹2,500.00' })).toHaveAttribute('href', '/mpc/billing/ready');
    await user.click(screen.getByRole('button', { name: 'By service (CSV)' }));
    const year = financialYearOf(indianDateOf(new Date()));
    await waitFor(() =>
      expect(api.sentTo('GET', BILLING_REPORT_PATHS.report('by-service'))[0]?.params).toEqual({
        from: `${year}-04-01`,
        to: `${year + 1}-03-31`,
      }),
    );
    await user.clear(screen.getByLabelText('Invoice date to'));
    await user.type(screen.getByLabelText('Invoice date to'), '31/02/2027');
    await user.click(screen.getByRole('button', { name: 'By month (CSV)' }));
    expect(await screen.findByText('Enter a date as dd/mm/yyyy.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Return for a'), 'Quarter');
    await user.selectOptions(screen.getByLabelText('Table'), 'cdnr');
    await user.click(screen.getByRole('button', { name: 'Download GSTR-1 (CSV)' }));
    await waitFor(() =>
      expect(api.sentTo('GET', BILLING_REPORT_PATHS.gstr1)[0]?.params).toEqual({
        period: expect.stringMatching(/^FY\d{4}-\d{2}-Q[1-4]$/),
        table: 'cdnr',
      }),
    );
  });

  it('Invoices: the filters stand in the address, the list and the CSV are read with them', async () => {
    const api = fakeApi()
      .on('GET', INVOICE_PATHS.list, ok({ data: [], next_before: null }))
      .on('GET', INVOICE_EXPORT_PATH, { status: 200, body: new Blob(['Number\n']) });
    const { user, router } = renderScreen(<InvoiceList role={MPC} />, { path: '/mpc/billing?status=issued' });
    await screen.findByText('No invoices yet');
    await user.type(screen.getByLabelText('Date from'), '01/04/2026');
    await user.type(screen.getByLabelText('Search'), 'asha');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByLabelText('Overdue only'));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).toString()).toBe(
        'status=issued&from=2026-04-01&q=asha&overdue=true',
      ),
    );
    const filters = { status: 'issued', from: '2026-04-01', q: 'asha', overdue: 'true' };
    await waitFor(() => expect(api.sentTo('GET', INVOICE_PATHS.list).at(-1)?.params).toMatchObject(filters));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(api.sentTo('GET', INVOICE_EXPORT_PATH)[0]?.params).toEqual(filters));
  });

  it('Invoices: a client filters by status only and has no CSV', async () => {
    fakeApi().on('GET', INVOICE_PATHS.list, ok({ data: [], next_before: null }));
    renderScreen(<InvoiceList role={CLIENT} />, { path: '/client/invoices' });
    await screen.findByText('No invoices yet');
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
    expect(screen.queryByLabelText('Search')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });
});
