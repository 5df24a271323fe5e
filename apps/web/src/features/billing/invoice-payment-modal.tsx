import { formatRupeesForInput } from '@portal/contract/billing-money';
import { DATE_PLACEHOLDER } from '@portal/contract/plain-dates';
import {
  type InvoicePayment,
  invoicePaymentSchema,
  RECEIPT_MODE_LABELS,
  RECEIPT_MODES,
} from '@portal/contract/receipts';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { ContractFormModal } from '../../components/contract-form-modal';
import { bindFormFields } from '../../components/form-fields';
import { OptionsSelect } from '../../components/options-select';
import { toLabelledOptions } from '../../components/select-options';
import { useContractForm } from '../../components/use-contract-form';
import { useRecordPayment } from './invoices-api';
import { newPaymentValues, type PaymentValues, toPaymentBody } from './receipt-form-values';

const MODE_OPTIONS = toLabelledOptions(RECEIPT_MODES, RECEIPT_MODE_LABELS);

type PaymentModalProps = {
  invoiceId: number;
  balancePaise: number;
  show: boolean;
  onClose: () => void;
  /** What staff should check after it is recorded (TDS above 10 %): shown on the invoice's page. */
  onWarnings: (warnings: string[]) => void;
};

/**
 * Records what the client paid on this invoice: today by default, the balance as the amount, and the TDS
 * the client deducted (amount + TDS settle the invoice; the portal records, the client deducts).
 */
export function InvoicePaymentModal({ invoiceId, balancePaise, show, onClose, onWarnings }: PaymentModalProps) {
  const record = useRecordPayment(invoiceId);
  const initial = () => newPaymentValues(formatRupeesForInput(balancePaise));
  const form = useContractForm<PaymentValues, InvoicePayment>({
    schema: invoicePaymentSchema,
    defaultValues: initial(),
    toBody: toPaymentBody,
    dateFields: ['receipt_date'],
  });
  const field = bindFormFields(form.errors, 'payment');
  const money = { inputMode: 'decimal' as const, placeholder: '0.00' };
  return (
    <ContractFormModal
      form={form}
      resetTo={initial()}
      show={show}
      onClose={onClose}
      titleId="payment-title"
      title="Record a payment"
      send={(body) => record.mutateAsync(body)}
      onSaved={(answer) => onWarnings(answer.data.warnings)}
      submitLabel="Record payment"
    >
      <Row className="g-3">
        <Col xs={6}>
          {field(
            'receipt_date',
            'Received on',
            <Form.Control inputMode="numeric" placeholder={DATE_PLACEHOLDER} {...form.register('receipt_date')} />,
          )}
        </Col>
        <Col xs={6}>{field('mode', 'Mode', <OptionsSelect {...form.register('mode')} options={MODE_OPTIONS} />)}</Col>
        <Col xs={6}>
          {field('amount_paise', 'Amount (₹)', <Form.Control {...money} {...form.register('amount')} />, {
            id: 'payment-amount',
          })}
        </Col>
        <Col xs={6}>
          {field('tds_paise', 'TDS deducted (₹)', <Form.Control {...money} {...form.register('tds')} />, {
            id: 'payment-tds',
            hint: 'What the client deducted as TDS on the fee.',
          })}
        </Col>
        <Col xs={12}>
          {field('reference', 'Reference', <Form.Control {...form.register('reference')} />, {
            hint: 'UTR or cheque number; none for cash.',
          })}
        </Col>
        <Col xs={12}>
          {field('notes', 'Notes', <Form.Control as="textarea" rows={2} {...form.register('notes')} />)}
        </Col>
      </Row>
    </ContractFormModal>
  );
}
