import { type InvoiceIrnInput, invoiceIrnSchema } from '@portal/contract/invoice-documents';
import { DATE_PLACEHOLDER, parseIndianDate } from '@portal/contract/plain-dates';
import Form from 'react-bootstrap/Form';
import { ContractFormModal } from '../../components/contract-form-modal';
import { bindFormFields } from '../../components/form-fields';
import { useContractForm } from '../../components/use-contract-form';
import { useSaveInvoiceIrn } from './invoices-api';

type IrnValues = { irn: string; ack_number: string; ack_date: string };
const EMPTY: IrnValues = { irn: '', ack_number: '', ack_date: '' };

type IrnModalProps = { invoiceId: number; show: boolean; onClose: () => void };

/**
 * What the IRP answered for an e-invoice (CGST Rules rule 48(4)), typed in by staff: the portal reaches no
 * IRP. The IRN, its acknowledgement number and date; entered again, it is corrected.
 */
export function InvoiceIrnModal({ invoiceId, show, onClose }: IrnModalProps) {
  const save = useSaveInvoiceIrn(invoiceId);
  const form = useContractForm<IrnValues, InvoiceIrnInput>({
    schema: invoiceIrnSchema,
    defaultValues: EMPTY,
    toBody: (values) => ({ ...values, ack_date: parseIndianDate(values.ack_date) ?? values.ack_date }),
    dateFields: ['ack_date'],
  });
  const field = bindFormFields(form.errors, 'irn');
  return (
    <ContractFormModal
      form={form}
      resetTo={EMPTY}
      show={show}
      onClose={onClose}
      titleId="irn-title"
      title="E-invoice details"
      send={(body) => save.mutateAsync(body)}
      submitLabel="Save"
    >
      {field('irn', 'IRN', <Form.Control className="font-monospace" {...form.register('irn')} />, {
        className: 'mb-3',
        hint: 'The 64 characters the IRP gave.',
      })}
      {field(
        'ack_number',
        'Acknowledgement number',
        <Form.Control inputMode="numeric" {...form.register('ack_number')} />,
        {
          className: 'mb-3',
        },
      )}
      {field(
        'ack_date',
        'Acknowledgement date',
        <Form.Control inputMode="numeric" placeholder={DATE_PLACEHOLDER} {...form.register('ack_date')} />,
      )}
    </ContractFormModal>
  );
}
