import type { ReactNode } from 'react';
import { type RouteObject, useParams } from 'react-router';
import { useSession } from '../lib/session';
import { lazyScreen } from './lazy-screen';

const loadBillingPage = () => import('../features/billing/billing-page');

/** The signed-in user's id (the client's own ledger). */
function WithSignedInId({ render }: { render: (userId: number) => ReactNode }) {
  const session = useSession();
  return session ? render(session.user.id) : null;
}

/** The invoice or receipt an address names (`invoices/:id`), for a screen that shows or edits it. */
function WithInvoiceId({ render }: { render: (invoiceId: number) => ReactNode }) {
  return render(Number(useParams().id));
}

/**
 * The Billing tab (issue 23) of the MPC, and of a PC or executor its MPC lets bill (the tab shows only
 * then; the API refuses the rest): the invoices, one invoice, the editor, Ready to bill, the reports, the
 * receipts, one receipt, "Record a receipt", the outstanding by age, and the MPC's settings.
 */
export function billingRoutes(role: 'mpc' | 'pc' | 'executor'): RouteObject[] {
  return [
    {
      path: 'billing',
      ...lazyScreen(loadBillingPage, ({ BillingPage }) => <BillingPage key={`${role}-billing`} role={role} />),
      children: [
        {
          index: true,
          ...lazyScreen(
            () => import('../features/billing/invoice-list'),
            ({ InvoiceList }) => <InvoiceList role={role} />,
          ),
        },
        {
          path: 'invoices/new',
          ...lazyScreen(
            () => import('../features/billing/invoice-editor'),
            ({ InvoiceEditor }) => <InvoiceEditor key="new" role={role} />,
          ),
        },
        {
          path: 'invoices/:id',
          ...lazyScreen(
            () => import('../features/billing/invoice-page'),
            ({ InvoicePage }) => <WithInvoiceId render={(id) => <InvoicePage key={id} role={role} invoiceId={id} />} />,
          ),
        },
        {
          path: 'invoices/:id/edit',
          ...lazyScreen(
            () => import('../features/billing/invoice-editor'),
            ({ InvoiceEditor }) => (
              <WithInvoiceId render={(id) => <InvoiceEditor key={id} role={role} invoiceId={id} />} />
            ),
          ),
        },
        {
          path: 'ready',
          ...lazyScreen(
            () => import('../features/billing/ready-to-bill'),
            ({ ReadyToBill }) => <ReadyToBill role={role} />,
          ),
        },
        {
          path: 'reports',
          ...lazyScreen(
            () => import('../features/billing/billing-reports'),
            ({ BillingReports }) => <BillingReports role={role} />,
          ),
        },
        {
          path: 'receipts',
          ...lazyScreen(
            () => import('../features/billing/receipt-list'),
            ({ ReceiptList }) => <ReceiptList role={role} />,
          ),
        },
        {
          path: 'receipts/new',
          ...lazyScreen(
            () => import('../features/billing/receipt-editor'),
            ({ ReceiptEditor }) => <ReceiptEditor role={role} />,
          ),
        },
        {
          path: 'receipts/:id',
          ...lazyScreen(
            () => import('../features/billing/receipt-page'),
            ({ ReceiptPage }) => <WithInvoiceId render={(id) => <ReceiptPage key={id} role={role} receiptId={id} />} />,
          ),
        },
        {
          path: 'outstanding',
          ...lazyScreen(
            () => import('../features/billing/ageing-table'),
            ({ AgeingTable }) => <AgeingTable role={role} />,
          ),
        },
        ...(role === 'mpc'
          ? [
              {
                path: 'settings',
                ...lazyScreen(
                  () => import('../features/billing/billing-settings'),
                  ({ BillingSettings }) => <BillingSettings />,
                ),
              },
            ]
          : []),
      ],
    },
  ];
}

const CLIENT = 'client';

/** The client's Invoices tab: its own issued invoices, each with its balance, PDF and UPI QR. */
export function clientInvoiceRoutes(): RouteObject[] {
  return [
    {
      path: 'invoices',
      ...lazyScreen(loadBillingPage, ({ ClientInvoicesPage }) => <ClientInvoicesPage />),
      children: [
        {
          index: true,
          // Its invoices, then its ledger (invoices, receipts, credits and its balance).
          ...lazyScreen(
            () =>
              Promise.all([
                import('../features/billing/invoice-list'),
                import('../features/billing/client-ledger-section'),
              ]),
            ([{ InvoiceList }, { ClientLedgerSection }]) => (
              <>
                <InvoiceList key="client-invoices" role={CLIENT} />
                <WithSignedInId render={(id) => <ClientLedgerSection clientId={id} role={CLIENT} />} />
              </>
            ),
          ),
        },
        {
          path: ':id',
          ...lazyScreen(
            () => import('../features/billing/invoice-page'),
            ({ InvoicePage }) => (
              <WithInvoiceId render={(id) => <InvoicePage key={id} role={CLIENT} invoiceId={id} />} />
            ),
          ),
        },
      ],
    },
  ];
}
