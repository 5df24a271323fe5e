import { formatRupees } from '@portal/contract/billing-money';
import { formatIndianDate } from '@portal/contract/plain-dates';
import { RECEIPT_MODE_LABELS, RECEIPT_PATHS, type Receipt } from '@portal/contract/receipts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useLocation } from 'react-router';
import { DataTable } from '../../components/data-table';
import { FailureAlert } from '../../components/failure-alert';
import { MessageAlert } from '../../components/message-alert';
import { SectionCard } from '../../components/section-card';
import { useDocumentTitle } from '../../lib/document-title';
import { AMOUNT_COLUMN } from './amount-column';
import { PdfDownloadButton } from './pdf-download-button';
import { ReceiptStatusBadge } from './receipt-list';
import { ApplyAdvanceModal, ReceiptCancelModal } from './receipt-modals';
import { receiptQuery } from './receipts-api';

/** What the receipt settled: each invoice (a link to it) and its share, the TDS included. */
function ReceiptAllocations({ role, receipt }: { role: string; receipt: Receipt }) {
  return (
    <DataTable
      layout="rows"
      ariaLabel="Allocations"
      columns={[
        {
          header: 'Invoice',
          cell: (allocation) => (
            <Link to={`/${role}/billing/invoices/${allocation.invoice_id}`}>
              {allocation.invoice_number ?? `Invoice #${allocation.invoice_id}`}
            </Link>
          ),
          title: true,
        },
        { header: 'Settled', ...AMOUNT_COLUMN, cell: (allocation) => formatRupees(allocation.amount_paise) },
        { header: 'Of it TDS', cell: (allocation) => formatRupees(allocation.tds_paise) },
      ]}
      rows={receipt.allocations}
      loading={false}
      loadingLabel="Loading allocations"
      emptyText="Not allocated to an invoice: all of it is an advance"
      rowKey={(allocation, index) => `${allocation.invoice_id}-${index}`}
    />
  );
}

/** The receipt's facts as a list of terms: date, amounts, TDS and its section, mode, reference, advance. */
function ReceiptFacts({ receipt }: { receipt: Receipt }) {
  const facts: [string, string][] = [
    ['Date', formatIndianDate(receipt.receipt_date)],
    ['Amount received', formatRupees(receipt.amount_paise)],
    ['TDS deducted', `${formatRupees(receipt.tds_paise)} (${receipt.tds_section})`],
    ['Mode', RECEIPT_MODE_LABELS[receipt.mode]],
    ['Reference', receipt.reference ?? '—'],
    ['Advance left', formatRupees(receipt.advance_paise)],
  ];
  return (
    <dl className="row mb-3">
      {facts.map(([term, value]) => (
        <div key={term} className="col-sm-6 col-lg-4 mb-2">
          <dt className="small text-muted">{term}</dt>
          <dd className="mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One receipt for the staff who bill: what was received, the TDS, the invoices it settled; an active one is
 * cancelled with a reason, and its advance applied to an invoice of the client. The warnings of its saving
 * (TDS above 10 %) come with the address from "Record a receipt".
 */
export function ReceiptPage({ role, receiptId }: { role: string; receiptId: number }) {
  const receipt = useQuery(receiptQuery(receiptId));
  const warnings = (useLocation().state as { warnings?: string[] } | null)?.warnings;
  const [asking, setAsking] = useState<'apply' | 'cancel' | null>(null);
  const data = receipt.data;
  useDocumentTitle(data ? `Receipt ${data.number}` : 'Receipt');
  return (
    <>
      <h2 className="h5 mb-3">{data ? `Receipt ${data.number}` : 'Receipt'}</h2>
      <FailureAlert of={receipt} />
      <MessageAlert variant="warning" messages={warnings} />
      {data && (
        <SectionCard id="receipt-title" title={data.client_name} aside={<ReceiptStatusBadge status={data.status} />}>
          <Card.Body>
            {data.cancel_reason && <p className="text-danger">Cancelled: {data.cancel_reason}</p>}
            <ReceiptFacts receipt={data} />
            {data.notes && <p className="small">{data.notes}</p>}
            <h3 className="h6">Allocations</h3>
            <ReceiptAllocations role={role} receipt={data} />
            <div className="mb-3">
              <PdfDownloadButton
                path={RECEIPT_PATHS.pdf(data.id)}
                fileName={`${data.number.replaceAll('/', '-')}.pdf`}
              />
            </div>
            {data.status === 'active' && (
              <div className="d-flex flex-wrap gap-2">
                {data.advance_paise > 0 && <Button onClick={() => setAsking('apply')}>Apply the advance</Button>}
                <Button variant="outline-danger" onClick={() => setAsking('cancel')}>
                  Cancel receipt
                </Button>
              </div>
            )}
            <ApplyAdvanceModal receipt={data} show={asking === 'apply'} onClose={() => setAsking(null)} />
            <ReceiptCancelModal receipt={data} show={asking === 'cancel'} onClose={() => setAsking(null)} />
          </Card.Body>
        </SectionCard>
      )}
    </>
  );
}
