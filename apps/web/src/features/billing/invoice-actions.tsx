import type { InvoiceEInvoice } from '@portal/contract/invoice-documents';
import type { Invoice } from '@portal/contract/invoices';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { ConfirmModal } from '../../components/confirm-modal';
import { FailureAlert } from '../../components/failure-alert';
import { CreditNoteModal } from './credit-note-modal';
import { InvoiceCancelModal } from './invoice-cancel-modal';
import { InvoiceIrnModal } from './invoice-irn-modal';
import { InvoicePaymentModal } from './invoice-payment-modal';
import { useIssueInvoice } from './invoices-api';

type Asking = 'issue' | 'cancel' | 'payment' | 'credit' | 'irn' | null;

/**
 * What staff who bill do with an invoice: a draft is edited or issued; an issued one takes payments and
 * credit notes, and is cancelled with a reason while nothing settled it (the server says why otherwise).
 */
export function InvoiceActions({ role, invoice }: { role: string; invoice: Invoice & Partial<InvoiceEInvoice> }) {
  const issue = useIssueInvoice(invoice.id);
  const [asking, setAsking] = useState<Asking>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const close = () => setAsking(null);
  // A refusal (no billing profile, a client's unknown state) shows in the alert above the buttons.
  const confirmIssue = async () => {
    await issue.mutateAsync(undefined).catch(() => undefined);
    close();
  };
  const open = invoice.status === 'issued' || invoice.status === 'partly_paid';
  const rates = [...new Set(invoice.lines.map((line) => line.gst_rate_bp))];
  return (
    <>
      <FailureAlert of={issue} />
      {warnings.length > 0 && (
        <Alert variant="warning" dismissible onClose={() => setWarnings([])}>
          {warnings.join(' ')}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2">
        {invoice.status === 'draft' && (
          <>
            <Link className="btn btn-outline-primary" to={`/${role}/billing/invoices/${invoice.id}/edit`}>
              Edit
            </Link>
            <Button onClick={() => setAsking('issue')}>Issue</Button>
          </>
        )}
        {open && <Button onClick={() => setAsking('payment')}>Record a payment</Button>}
        {(open || invoice.status === 'paid') && (
          <Button variant="outline-primary" onClick={() => setAsking('credit')}>
            Credit note
          </Button>
        )}
        {invoice.irn_required && (
          <Button variant="outline-primary" onClick={() => setAsking('irn')}>
            {invoice.irn ? 'Correct the IRN' : 'Enter the IRN'}
          </Button>
        )}
        {invoice.status === 'issued' && (
          <Button variant="outline-danger" onClick={() => setAsking('cancel')}>
            Cancel invoice
          </Button>
        )}
      </div>
      <ConfirmModal
        show={asking === 'issue'}
        title="Issue this invoice?"
        text="It takes the next number of the firm's series for the year and can no longer be changed, only cancelled."
        confirmLabel="Issue"
        busy={issue.isPending}
        onCancel={close}
        onConfirm={confirmIssue}
      />
      <InvoiceCancelModal invoiceId={invoice.id} number={invoice.number} show={asking === 'cancel'} onClose={close} />
      <InvoicePaymentModal
        invoiceId={invoice.id}
        balancePaise={invoice.balance_paise}
        show={asking === 'payment'}
        onClose={close}
        onWarnings={setWarnings}
      />
      <InvoiceIrnModal invoiceId={invoice.id} show={asking === 'irn'} onClose={close} />
      <CreditNoteModal invoiceId={invoice.id} rates={rates} show={asking === 'credit'} onClose={close} />
    </>
  );
}
