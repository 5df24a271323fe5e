import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyRoute, lazyScreen } from './lazy-screen';
import { WithAddressId } from './with-address-id';
import { WithSession } from './with-session';

/** Who has the Billing tab: the MPC, and staff it lets bill. */
type BillingRole = 'mpc' | 'pc' | 'executor';

const loadBillingPage = () => import('../features/billing/billing-page');

/**
 * The Billing tab (issue 23) of the MPC, and of a PC or executor its MPC lets bill (the tab shows only
 * then; the API refuses the rest): the invoices, one invoice, the editor, Ready to bill, the reports, the
 * receipts, one receipt, "Record a receipt", the outstanding by age, and the MPC's settings.
 */
export function billingRoutes(role: BillingRole): RouteObject[] {
  const sectionRoute = (path: string, load: () => Promise<ComponentType<{ role: BillingRole }>>) =>
    lazyRoute(path, load, (Screen) => <Screen role={role} />);
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
        lazyRoute(
          'invoices/new',
          () => import('../features/billing/invoice-editor'),
          ({ InvoiceEditor }) => <InvoiceEditor key="new" role={role} />,
        ),
        lazyRoute(
          'invoices/:id',
          () => import('../features/billing/invoice-page'),
          ({ InvoicePage }) => <WithAddressId render={(id) => <InvoicePage key={id} role={role} invoiceId={id} />} />,
        ),
        lazyRoute(
          'invoices/:id/edit',
          () => import('../features/billing/invoice-editor'),
          ({ InvoiceEditor }) => (
            <WithAddressId render={(id) => <InvoiceEditor key={id} role={role} invoiceId={id} />} />
          ),
        ),
        // The sections whose screen takes the role alone: the address, and the screen's code.
        sectionRoute('ready', () => import('../features/billing/ready-to-bill').then((m) => m.ReadyToBill)),
        sectionRoute('reports', () => import('../features/billing/billing-reports').then((m) => m.BillingReports)),
        sectionRoute('receipts', () => import('../features/billing/receipt-list').then((m) => m.ReceiptList)),
        sectionRoute('receipts/new', () => import('../features/billing/receipt-editor').then((m) => m.ReceiptEditor)),
        lazyRoute(
          'receipts/:id',
          () => import('../features/billing/receipt-page'),
          ({ ReceiptPage }) => <WithAddressId render={(id) => <ReceiptPage key={id} role={role} receiptId={id} />} />,
        ),
        sectionRoute('outstanding', () => import('../features/billing/ageing-table').then((m) => m.AgeingTable)),
        ...(role === 'mpc'
          ? [
              lazyRoute(
                'settings',
                () => import('../features/billing/billing-settings'),
                ({ BillingSettings }) => <BillingSettings />,
              ),
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
                <WithSession render={(session) => <ClientLedgerSection clientId={session.user.id} role={CLIENT} />} />
              </>
            ),
          ),
        },
        lazyRoute(
          ':id',
          () => import('../features/billing/invoice-page'),
          ({ InvoicePage }) => <WithAddressId render={(id) => <InvoicePage key={id} role={CLIENT} invoiceId={id} />} />,
        ),
      ],
    },
  ];
}
