import { formatRupees } from '@portal/contract/billing-money';
import type { InvoiceEInvoice } from '@portal/contract/invoice-documents';
import { INVOICE_STATUS_LABELS, type Invoice, type InvoiceStatus } from '@portal/contract/invoices';
import { formatIndianDate } from '@portal/contract/plain-dates';
import { useQuery } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { DataTable } from '../../components/data-table';
import { FailureAlert } from '../../components/failure-alert';
import { SectionCard } from '../../components/section-card';
import { useDocumentTitle } from '../../lib/document-title';
import { InvoiceActions } from './invoice-actions';
import { InvoiceDocuments } from './invoice-documents';
import { InvoiceSettlement } from './invoice-settlement';
import { invoiceQuery } from './invoices-api';
import { TaxSplit } from './tax-split';

const STATUS_VARIANTS: Record<InvoiceStatus, string> = {
  draft: 'secondary',
  issued: 'primary',
  partly_paid: 'warning',
  paid: 'success',
  cancelled: 'dark',
};

/** An invoice's status as a badge ("Partly paid"). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge bg={STATUS_VARIANTS[status]} text={status === 'partly_paid' ? 'dark' : undefined}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The invoice's lines: what was billed, its SAC, quantity, rate, discount, taxable value and rate. */
function InvoiceLines({ invoice }: { invoice: Invoice }) {
  return (
    <DataTable
      layout="rows"
      ariaLabel="Lines"
      columns={[
        { header: 'Description', cell: (line) => line.description, title: true },
        { header: 'SAC', cell: (line) => line.sac },
        { header: 'Qty', cell: (line) => line.quantity },
        { header: 'Rate', cell: (line) => formatRupees(line.rate_paise) },
        { header: 'Discount', cell: (line) => formatRupees(line.discount_paise) },
        { header: 'Taxable', cell: (line) => formatRupees(line.taxable_paise) },
        { header: 'GST', cell: (line) => `${line.gst_rate_bp / 100} %` },
      ]}
      rows={invoice.lines}
      loading={false}
      loadingLabel="Loading lines"
    />
  );
}

/** The e-invoice's IRN and acknowledgement once typed in, or that one is required (rule 48(4)). */
function EInvoiceFacts({ invoice, staff }: { invoice: Invoice & Partial<InvoiceEInvoice>; staff: boolean }) {
  if (!invoice.irn_required) return null;
  if (!invoice.irn) return staff && <p className="text-danger small">IRN required: enter what the IRP gave.</p>;
  return (
    <p className="small text-break">
      IRN {invoice.irn}, acknowledgement {invoice.irn_ack_number} of{' '}
      {invoice.irn_ack_date ? formatIndianDate(invoice.irn_ack_date) : ''}
    </p>
  );
}

/**
 * One invoice: its number (given at issue), client, dates, lines, tax split and what settled it. Staff who
 * bill act on it (`InvoiceActions`); the client reads its own issued invoice, with its PDF.
 */
export function InvoicePage({ role, invoiceId }: { role: string; invoiceId: number }) {
  const invoice = useQuery(invoiceQuery(invoiceId));
  const data = invoice.data;
  useDocumentTitle(data?.number ? `Invoice ${data.number}` : 'Draft invoice');
  return (
    <>
      <h2 className="h5 mb-3">{data?.number ? `Invoice ${data.number}` : 'Draft invoice'}</h2>
      <FailureAlert of={invoice} />
      {data && (
        <SectionCard id="invoice-title" title={data.client_name}>
          <Card.Body>
            <div className="d-flex flex-wrap gap-3 align-items-center mb-3">
              <InvoiceStatusBadge status={data.status} />
              <span>Dated {formatIndianDate(data.invoice_date)}</span>
              <span>Due {formatIndianDate(data.due_date)}</span>
            </div>
            {data.cancel_reason && <p className="text-danger">Cancelled: {data.cancel_reason}</p>}
            <EInvoiceFacts invoice={data} staff={role !== 'client'} />
            <InvoiceLines invoice={data} />
            <div className="my-3">
              <TaxSplit amounts={data} />
            </div>
            <InvoiceSettlement invoice={data} />
            {data.status !== 'draft' && <InvoiceDocuments invoice={data} />}
            {data.notes && <p className="small">{data.notes}</p>}
            {role !== 'client' && <InvoiceActions role={role} invoice={data} />}
          </Card.Body>
        </SectionCard>
      )}
    </>
  );
}
