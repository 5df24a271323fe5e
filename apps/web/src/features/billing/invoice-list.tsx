import { formatRupees } from '@portal/contract/billing-money';
import type { InvoiceStatus } from '@portal/contract/invoices';
import { formatIndianDate } from '@portal/contract/plain-dates';
import { Link, useSearchParams } from 'react-router';
import { DownloadButton } from '../../components/download-button';
import { FailureAlert } from '../../components/failure-alert';
import { MessageAlert } from '../../components/message-alert';
import { PagedTable } from '../../components/paged-table';
import { TitledCard } from '../../components/titled-card';
import { useDownload } from '../../components/use-download';
import { useDocumentTitle } from '../../lib/document-title';
import { AMOUNT_COLUMN } from './amount-column';
import { InvoiceFiltersForm, readInvoiceFilters } from './invoice-filters';
import { InvoiceStatusBadge } from './invoice-page';
import { type InvoiceFilters, useInvoiceList } from './invoices-api';
import { downloadInvoices } from './ready-api';

/** The filters as the address keeps them. */
function writeInvoiceFilters(filters: InvoiceFilters): URLSearchParams {
  return new URLSearchParams(Object.entries(filters).map(([key, value]) => [key, String(value)]));
}

/**
 * Invoices newest first, filtered as the address says: the firm's for staff who bill (by status, dates,
 * overdue and a search), with "New invoice" and "Download CSV" of the same selection; a client's own
 * issued ones for the client, by status (the API answers each its own).
 */
export function InvoiceList({ role }: { role: string }) {
  useDocumentTitle('Invoices');
  const [params, setParams] = useSearchParams();
  const isClient = role === 'client';
  const filters = readInvoiceFilters(params, isClient);
  const list = useInvoiceList(filters);
  const download = useDownload();
  const invoicePath = (id: number) => (isClient ? `/client/invoices/${id}` : `/${role}/billing/invoices/${id}`);
  return (
    <TitledCard title="Invoices" heading="h2">
      <div className="mb-3">
        <InvoiceFiltersForm
          filters={filters}
          full={!isClient}
          onApply={(next) => setParams(writeInvoiceFilters(next), { replace: true })}
          actions={
            <>
              <DownloadButton
                variant="outline-secondary"
                download={download}
                name="csv"
                fetchFile={(onTransfer) => downloadInvoices(filters, onTransfer)}
              >
                Download CSV
              </DownloadButton>
              <Link className="btn btn-primary" to={`/${role}/billing/invoices/new`}>
                New invoice
              </Link>
            </>
          }
        />
      </div>
      <MessageAlert variant="danger" messages={download.failure} />
      <FailureAlert of={list} />
      <PagedTable
        ariaLabel="Invoices"
        columns={[
          {
            header: 'Invoice',
            cell: (invoice) => <Link to={invoicePath(invoice.id)}>{invoice.number ?? `Draft #${invoice.id}`}</Link>,
            title: true,
          },
          { header: 'Client', cell: (invoice) => invoice.client_name },
          { header: 'Date', cell: (invoice) => formatIndianDate(invoice.invoice_date) },
          { header: 'Due', cell: (invoice) => formatIndianDate(invoice.due_date) },
          { header: 'Total', ...AMOUNT_COLUMN, cell: (invoice) => formatRupees(invoice.total_paise) },
          { header: 'Balance', ...AMOUNT_COLUMN, cell: (invoice) => formatRupees(invoice.balance_paise) },
          { header: 'Status', cell: (invoice) => <InvoiceStatusBadge status={invoice.status as InvoiceStatus} /> },
        ]}
        list={list}
        loadingLabel="Loading invoices"
        emptyText="No invoices yet"
      />
    </TitledCard>
  );
}
