import { formatRupees } from '@portal/contract/billing-money';
import { formatIndianDate } from '@portal/contract/plain-dates';
import { RECEIPT_MODE_LABELS } from '@portal/contract/receipts';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { PagedTable } from '../../components/paged-table';
import { TitledCard } from '../../components/titled-card';
import { useDocumentTitle } from '../../lib/document-title';
import { AMOUNT_COLUMN } from './amount-column';
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
          {
            header: 'Receipt',
            cell: (receipt) => <Link to={`/${role}/billing/receipts/${receipt.id}`}>{receipt.number}</Link>,
            title: true,
          },
          { header: 'Client', cell: (receipt) => receipt.client_name },
          { header: 'Date', cell: (receipt) => formatIndianDate(receipt.receipt_date) },
          { header: 'Amount', ...AMOUNT_COLUMN, cell: (receipt) => formatRupees(receipt.amount_paise) },
          { header: 'TDS', ...AMOUNT_COLUMN, cell: (receipt) => formatRupees(receipt.tds_paise) },
          { header: 'Mode', cell: (receipt) => RECEIPT_MODE_LABELS[receipt.mode] },
          { header: 'Advance left', ...AMOUNT_COLUMN, cell: (receipt) => formatRupees(receipt.advance_paise) },
          { header: 'Status', cell: (receipt) => <ReceiptStatusBadge status={receipt.status} /> },
        ]}
        list={list}
        loadingLabel="Loading receipts"
        emptyText="No receipts yet"
      />
    </TitledCard>
  );
}
