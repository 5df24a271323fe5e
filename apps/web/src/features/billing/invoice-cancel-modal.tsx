import { invoiceCancelSchema } from '@portal/contract/invoices';
import { ReasonModal } from '../../components/reason-modal';
import { useCancelInvoice } from './invoices-api';

type CancelProps = { invoiceId: number; number: string | null; show: boolean; onClose: () => void };

/** Cancels an issued invoice with a reason; its number stays used (CGST Rules rule 46(b)). */
export function InvoiceCancelModal({ invoiceId, number, show, onClose }: CancelProps) {
  const cancel = useCancelInvoice(invoiceId);
  return (
    <ReasonModal
      idPrefix="invoice-cancel"
      title={`Cancel invoice ${number ?? ''}`.trim()}
      explanation="The invoice stays in the firm's records with its number; it is no longer owed."
      submitLabel="Cancel the invoice"
      schema={invoiceCancelSchema}
      send={(body) => cancel.mutateAsync(body)}
      show={show}
      onClose={onClose}
    />
  );
}
