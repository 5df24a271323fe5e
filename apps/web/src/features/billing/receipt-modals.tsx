import { formatRupees, formatRupeesForInput, parseRupees } from '@portal/contract/billing-money';
import { type Receipt, receiptApplySchema, receiptCancelSchema } from '@portal/contract/receipts';
import Form from 'react-bootstrap/Form';
import { ContractFormModal } from '../../components/contract-form-modal';
import { bindFormFields } from '../../components/form-fields';
import { ReasonModal } from '../../components/reason-modal';
import { useContractForm } from '../../components/use-contract-form';
import { useApplyAdvance, useCancelReceipt, useOpenInvoices } from './receipts-api';

type ModalProps = { receipt: Receipt; show: boolean; onClose: () => void };

/** Cancels a receipt with a reason: what it settled is owed again; its number stays used. */
export function ReceiptCancelModal({ receipt, show, onClose }: ModalProps) {
  const cancel = useCancelReceipt(receipt.id);
  return (
    <ReasonModal
      idPrefix="receipt-cancel"
      title={`Cancel receipt ${receipt.number}`}
      explanation="The invoices it settled are owed again; the receipt stays in the firm's records with its number."
      submitLabel="Cancel the receipt"
      schema={receiptCancelSchema}
      send={(body) => cancel.mutateAsync(body)}
      show={show}
      onClose={onClose}
    />
  );
}

type ApplyValues = { invoice_id: string; amount: string };
type ApplyBody = { invoice_id: number; amount_paise: number };

const toApplyBody = (values: ApplyValues): ApplyBody => ({
  invoice_id: values.invoice_id === '' ? 0 : Number(values.invoice_id),
  amount_paise: parseRupees(values.amount) ?? -1,
});

/**
 * Applies part of a receipt's advance to one of the client's invoices that still owe; the amount starts as
 * the lesser of the advance left and the invoice's balance.
 */
export function ApplyAdvanceModal({ receipt, show, onClose }: ModalProps) {
  const apply = useApplyAdvance(receipt.id);
  const open = useOpenInvoices(show ? receipt.client_id : 0);
  const empty = { invoice_id: '', amount: '' };
  const form = useContractForm<ApplyValues, ApplyBody>({
    schema: receiptApplySchema,
    defaultValues: empty,
    toBody: toApplyBody,
  });
  const choose = (invoiceId: string) => {
    const invoice = open.data?.find((entry) => String(entry.id) === invoiceId);
    if (invoice) form.setValue('amount', formatRupeesForInput(Math.min(receipt.advance_paise, invoice.balance_paise)));
  };
  const field = bindFormFields(form.errors, 'receipt-apply');
  return (
    <ContractFormModal
      form={form}
      resetTo={empty}
      show={show}
      onClose={onClose}
      titleId="receipt-apply-title"
      title="Apply the advance to an invoice"
      send={(body) => apply.mutateAsync(body)}
      submitLabel="Apply"
    >
      <p>Advance left: {formatRupees(receipt.advance_paise)}</p>
      {field(
        'invoice_id',
        'Invoice',
        <Form.Select {...form.register('invoice_id', { onChange: (event) => choose(event.target.value) })}>
          <option value="">{open.data?.length === 0 ? 'No invoice of this client owes' : 'Choose…'}</option>
          {(open.data ?? []).map((invoice) => (
            <option key={invoice.id} value={invoice.id}>
              {invoice.number} · balance {formatRupees(invoice.balance_paise)}
            </option>
          ))}
        </Form.Select>,
      )}
      {field(
        'amount_paise',
        'Amount (₹)',
        <Form.Control inputMode="decimal" placeholder="0.00" {...form.register('amount')} />,
        { className: 'mt-3' },
      )}
    </ContractFormModal>
  );
}
