import { invoiceCancelSchema } from '@portal/contract/invoices';
import Form from 'react-bootstrap/Form';
import { bindFormFields } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useContractForm } from '../../components/use-contract-form';
import { useCancelInvoice } from './invoices-api';

type CancelProps = { invoiceId: number; number: string | null; show: boolean; onClose: () => void };

/** Cancels an issued invoice with a reason; its number stays used (CGST Rules rule 46(b)). */
export function InvoiceCancelModal({ invoiceId, number, show, onClose }: CancelProps) {
  const cancel = useCancelInvoice(invoiceId);
  const form = useContractForm<{ reason: string }, { reason: string }>({
    schema: invoiceCancelSchema,
    defaultValues: { reason: '' },
  });
  const close = () => {
    form.reset({ reason: '' });
    onClose();
  };
  const field = bindFormFields(form.errors, 'invoice-cancel');
  return (
    <FormModal
      show={show}
      onClose={close}
      titleId="invoice-cancel-title"
      title={`Cancel invoice ${number ?? ''}`.trim()}
      onSubmit={form.submit((body) => cancel.mutateAsync(body), close)}
      submitLabel="Cancel the invoice"
      submitVariant="danger"
      busy={form.isSubmitting}
    >
      {form.feedback.alerts}
      <p>The invoice stays in the firm's records with its number; it is no longer owed.</p>
      {field('reason', 'Reason', <Form.Control as="textarea" rows={2} {...form.register('reason')} />)}
    </FormModal>
  );
}
