import { formatRupees } from '@portal/contract/billing-money';
import { formatIndianDate } from '@portal/contract/plain-dates';
import { RECEIPT_MODE_LABELS } from '@portal/contract/receipts';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { PagedTable } from '../../components/paged-table';
import { TitledCard } from '../../components/titled-card';
import { useDocumentTitle } from '../../lib/document-title';
import { useReceiptList } from './receipts-api';

/** A receipt's status as a badge: active, or cancelled (its number stays used). */
export function ReceiptStatusBadge({ status }: { status: 'active' | 'cancelled' }) {
  return status === 'active' ? <Badge bg="success">Active</Badge> : <Badge bg="dark">Cancelled</Badge>;
}

/** The firm's receipts, newest first, with "Record a receipt". */
export function ReceiptList({ role }: { role: string }) {
  useDocumentTitle('Receipts');
  const list = useReceiptList();
  return (
    <TitledCard title="Receipts" heading="h2">
      <div className="d-flex flex-wrap justify-content-end gap-3 mb-3">
        <Link className="btn btn-primary" to={`/${role}/billing/receipts/new`}>
          Record a receipt
        </Link>
      </div>
      <FailureAlert of={list} />
      <PagedTable
        ariaLabel="Receipts"
        columns={[
          'Receipt',
          'Client',
          'Date',
          { header: 'Amount', className: 'text-end' },
          { header: 'TDS', className: 'text-end' },
          'Mode',
          { header: 'Advance left', className: 'text-end' },
          'Status',
        ]}
        list={list}
        loadingLabel="Loading receipts"
        emptyText="No receipts yet"
        renderRow={(receipt) => (
          <tr key={receipt.id}>
            <td className="fw-semibold">
              <Link to={`/${role}/billing/receipts/${receipt.id}`}>{receipt.number}</Link>
            </td>
            <td data-label="Client">{receipt.client_name}</td>
            <td data-label="Date">{formatIndianDate(receipt.receipt_date)}</td>
            <td data-label="Amount" className="text-sm-end">
              {formatRupees(receipt.amount_paise)}
            </td>
            <td data-label="TDS" className="text-sm-end">
              {formatRupees(receipt.tds_paise)}
            </td>
            <td data-label="Mode">{RECEIPT_MODE_LABELS[receipt.mode]}</td>
            <td data-label="Advance left" className="text-sm-end">
              {formatRupees(receipt.advance_paise)}
            </td>
            <td data-label="Status">
              <ReceiptStatusBadge status={receipt.status} />
            </td>
          </tr>
        )}
      />
    </TitledCard>
  );
}
