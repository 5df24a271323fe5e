import { formatRupees } from '@portal/contract/billing-money';
import { DATE_PLACEHOLDER } from '@portal/contract/plain-dates';
import { RECEIPT_MODE_LABELS, RECEIPT_MODES, type ReceiptCreate, receiptCreateSchema } from '@portal/contract/receipts';
import { useEffect } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { EditorCard } from '../../components/editor-card';
import { bindFormFields } from '../../components/form-fields';
import { OptionsSelect } from '../../components/options-select';
import { toLabelledOptions } from '../../components/select-options';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { useContractForm } from '../../components/use-contract-form';
import { useDocumentTitle } from '../../lib/document-title';
import { BillableClientChooser } from './billable-client-chooser';
import { ReceiptAllocationsFields } from './receipt-allocations-fields';
import { computeAdvance, newReceiptValues, type ReceiptValues, rowsOf, toReceiptBody } from './receipt-form-values';
import { useOpenInvoices, useRecordReceipt } from './receipts-api';

const MODE_OPTIONS = toLabelledOptions(RECEIPT_MODES, RECEIPT_MODE_LABELS);

function useReceiptForm() {
  return useContractForm<ReceiptValues, ReceiptCreate>({
    schema: receiptCreateSchema,
    defaultValues: newReceiptValues(),
    toBody: toReceiptBody,
    dateFields: ['receipt_date'],
  });
}

/**
 * "Record a receipt": the client, date, amount, mode and reference (not for cash), the TDS the client
 * deducted, and what it settles of each of the client's open invoices; the rest is shown as the advance.
 * The contract's warnings (TDS above 10 %) go with the address to the receipt's page.
 */
export function ReceiptEditor({ role }: { role: string }) {
  useDocumentTitle('Record a receipt');
  const navigate = useNavigate();
  const form = useReceiptForm();
  const { register, errors, control, setValue } = form;
  const [clientId, amount, tds, mode, rows] = useWatch({
    control,
    name: ['client_id', 'amount', 'tds', 'mode', 'rows'],
  });
  const open = useOpenInvoices(Number(clientId));
  useEffect(() => setValue('rows', rowsOf(open.data ?? [])), [open.data, setValue]);
  const record = useRecordReceipt();
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const onSubmit = form.submit(
    (body) => record.mutateAsync(body),
    (saved) => {
      guard.release();
      navigate(`/${role}/billing/receipts/${saved.data.id}`, { state: { warnings: saved.data.warnings } });
    },
  );
  const field = bindFormFields(errors, 'receipt');
  const money = { inputMode: 'decimal' as const, placeholder: '0.00' };
  return (
    <EditorCard
      heading="Record a receipt"
      id="receipt-editor-title"
      title="Receipt"
      notices={form.feedback.alerts}
      formLabel="Receipt"
      onSubmit={onSubmit}
      submitLabel="Record the receipt"
      busy={form.isSubmitting}
      cancelTo={`/${role}/billing/receipts`}
      prompt={guard.prompt}
    >
      <BillableClientChooser idPrefix="receipt" registered={form.register('client_id')} errors={form.errors} />
      <Row className="g-3 my-1">
        <Col xs={6} md={3}>
          {field(
            'receipt_date',
            'Date',
            <Form.Control inputMode="numeric" placeholder={DATE_PLACEHOLDER} {...register('receipt_date')} />,
          )}
        </Col>
        <Col xs={6} md={3}>
          {field('amount_paise', 'Amount received (₹)', <Form.Control {...money} {...register('amount')} />)}
        </Col>
        <Col xs={6} md={3}>
          {field('tds_paise', 'TDS deducted (₹)', <Form.Control {...money} {...register('tds')} />)}
        </Col>
        <Col xs={6} md={3}>
          {field('mode', 'Mode', <OptionsSelect {...register('mode')} options={MODE_OPTIONS} />)}
        </Col>
        <Col md={6}>
          {field(
            'reference',
            mode === 'cash' ? 'Reference (optional)' : 'UTR or cheque number',
            <Form.Control {...register('reference')} />,
          )}
        </Col>
        <Col md={6}>{field('notes', 'Notes', <Form.Control {...register('notes')} />)}</Col>
      </Row>
      {clientId !== '' && (
        <ReceiptAllocationsFields
          form={form}
          errors={errors}
          invoices={open.data}
          loading={open.isPending}
          rows={rows ?? []}
        />
      )}
      <p data-testid="receipt-advance">
        Advance (not allocated): {formatRupees(computeAdvance({ amount, tds, rows: rows ?? [] }))}
      </p>
    </EditorCard>
  );
}
