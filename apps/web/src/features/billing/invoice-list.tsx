import { formatRupees } from '@portal/contract/billing-money';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from '@portal/contract/invoices';
import { formatIndianDate } from '@portal/contract/plain-dates';
import Row from 'react-bootstrap/Row';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { FailureAlert } from '../../components/failure-alert';
import { FilterSelect } from '../../components/filter-select';
import { SelectOptions, toLabelledOptions } from '../../components/select-options';
import { ShowMoreButton } from '../../components/show-more-button';
import { TitledCard } from '../../components/titled-card';
import { useDocumentTitle } from '../../lib/document-title';
import { InvoiceStatusBadge } from './invoice-page';
import { useInvoiceList } from './invoices-api';

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...toLabelledOptions(INVOICE_STATUSES, INVOICE_STATUS_LABELS),
];

/**
 * Invoices newest first, by status (kept in the address): the firm's for staff who bill, with "New
 * invoice"; a client's own issued ones for the client (the API answers each its own).
 */
export function InvoiceList({ role }: { role: string }) {
  useDocumentTitle('Invoices');
  const [params, setParams] = useSearchParams();
  const status = INVOICE_STATUSES.find((value) => value === params.get('status'));
  const list = useInvoiceList(status ? { status } : {});
  const isClient = role === 'client';
  const invoicePath = (id: number) => (isClient ? `/client/invoices/${id}` : `/${role}/billing/invoices/${id}`);
  const choose = (value: string) =>
    setParams(
      (current) => {
        if (value) current.set('status', value);
        else current.delete('status');
        return current;
      },
      { replace: true },
    );
  return (
    <TitledCard title="Invoices" heading="h2">
      <div className="d-flex flex-wrap justify-content-between align-items-end gap-3 mb-3">
        <Row className="g-3 flex-grow-1">
          <FilterSelect id="invoice-status" label="Status" value={status ?? ''} onChoose={choose} lg={4}>
            <SelectOptions options={STATUS_OPTIONS} />
          </FilterSelect>
        </Row>
        {!isClient && (
          <Link className="btn btn-primary" to={`/${role}/billing/invoices/new`}>
            New invoice
          </Link>
        )}
      </div>
      <FailureAlert of={list} />
      <DataTable
        layout="rows"
        ariaLabel="Invoices"
        columns={[
          { header: 'Invoice' },
          { header: 'Client' },
          { header: 'Date' },
          { header: 'Due' },
          { header: 'Total', className: 'text-end' },
          { header: 'Balance', className: 'text-end' },
          { header: 'Status' },
        ]}
        rows={list.data?.pages.flatMap((page) => page.data)}
        loading={list.isPending}
        loadingLabel="Loading invoices"
        emptyText="No invoices yet"
        renderRow={(invoice) => (
          <tr key={invoice.id}>
            <td className="fw-semibold">
              <Link to={invoicePath(invoice.id)}>{invoice.number ?? `Draft #${invoice.id}`}</Link>
            </td>
            <td data-label="Client">{invoice.client_name}</td>
            <td data-label="Date">{formatIndianDate(invoice.invoice_date)}</td>
            <td data-label="Due">{formatIndianDate(invoice.due_date)}</td>
            <td data-label="Total" className="text-sm-end">
              {formatRupees(invoice.total_paise)}
            </td>
            <td data-label="Balance" className="text-sm-end">
              {formatRupees(invoice.balance_paise)}
            </td>
            <td data-label="Status">
              <InvoiceStatusBadge status={invoice.status as InvoiceStatus} />
            </td>
          </tr>
        )}
      />
      <ShowMoreButton hasMore={list.hasNextPage} busy={list.isFetchingNextPage} onMore={list.fetchNextPage} />
    </TitledCard>
  );
}
