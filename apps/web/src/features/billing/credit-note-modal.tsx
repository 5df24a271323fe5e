import { parseRupees } from '@portal/contract/billing-money';
import { type CreditNoteCreate, creditNoteCreateSchema } from '@portal/contract/credit-notes';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { ContractFormModal } from '../../components/contract-form-modal';
import { bindFormFields } from '../../components/form-fields';
import { OptionsSelect } from '../../components/options-select';
import { useContractForm } from '../../components/use-contract-form';
import { useIssueCreditNote } from './invoices-api';

type CreditValues = { reason: string; description: string; amount: string; gst_rate_bp: string };

type CreditNoteModalProps = {
  invoiceId: number;
  /** The GST rates the invoice's lines charged: a credit note reduces one of them. */
  rates: number[];
  show: boolean;
  onClose: () => void;
};

/**
 * Reduces an issued invoice by a credit note (CGST Act s.34): why, what, and the taxable value credited at
 * one of the invoice's rates; the tax follows the invoice's own split, worked out by the server.
 */
export function CreditNoteModal({ invoiceId, rates, show, onClose }: CreditNoteModalProps) {
  const issue = useIssueCreditNote(invoiceId);
  const initial: CreditValues = { reason: '', description: '', amount: '', gst_rate_bp: String(rates[0] ?? 1800) };
  const form = useContractForm<CreditValues, CreditNoteCreate>({
    schema: creditNoteCreateSchema,
    defaultValues: initial,
    toBody: (values) => ({
      reason: values.reason,
      lines: [
        {
          description: values.description,
          amount_paise: parseRupees(values.amount) ?? -1,
          gst_rate_bp: Number(values.gst_rate_bp),
        },
      ],
    }),
  });
  const field = bindFormFields(form.errors, 'credit');
  const rateOptions = rates.map((rate) => ({ value: String(rate), label: `${rate / 100} %` }));
  return (
    <ContractFormModal
      form={form}
      resetTo={initial}
      show={show}
      onClose={onClose}
      titleId="credit-note-title"
      title="Issue a credit note"
      send={(body) => issue.mutateAsync(body)}
      submitLabel="Issue credit note"
    >
      <p className="small">
        It takes the next number of the firm's credit note series and reduces what the client owes.
      </p>
      <Row className="g-3">
        <Col xs={12}>{field('reason', 'Reason', <Form.Control {...form.register('reason')} />)}</Col>
        <Col xs={12}>
          {field('lines.0.description', 'What is credited', <Form.Control {...form.register('description')} />, {
            id: 'credit-description',
          })}
        </Col>
        <Col xs={6}>
          {field(
            'lines.0.amount_paise',
            'Taxable value (₹)',
            <Form.Control inputMode="decimal" placeholder="0.00" {...form.register('amount')} />,
            { id: 'credit-amount' },
          )}
        </Col>
        <Col xs={6}>
          {field(
            'lines.0.gst_rate_bp',
            'GST',
            <OptionsSelect {...form.register('gst_rate_bp')} options={rateOptions} />,
            { id: 'credit-rate' },
          )}
        </Col>
      </Row>
    </ContractFormModal>
  );
}
