import Form from 'react-bootstrap/Form';
import type { z } from 'zod';
import { ContractFormModal } from './contract-form-modal';
import { bindFormFields } from './form-fields';
import { useContractForm } from './use-contract-form';

type ReasonModalProps = {
  /** The dialog's ids start with it ("invoice-cancel"). */
  idPrefix: string;
  title: string;
  /** What the step does, above the reason. */
  explanation: string;
  submitLabel: string;
  /** The contract's schema of the body (`{reason}`), the one the server checks. */
  schema: z.ZodType<{ reason: string }>;
  send: (body: { reason: string }) => Promise<{ message: string }>;
  show: boolean;
  onClose: () => void;
  /** The reason box's height in lines, and its longest reason (the schema's). */
  rows?: number;
  maxLength?: number;
};

/**
 * A step taken with a reason the other side is told: cancelling an issued document (an invoice, a
 * receipt, whose number stays used), refusing or closing a data request.
 */
export function ReasonModal({
  idPrefix,
  title,
  explanation,
  submitLabel,
  schema,
  send,
  show,
  onClose,
  rows = 2,
  maxLength,
}: ReasonModalProps) {
  const form = useContractForm<{ reason: string }, { reason: string }>({ schema, defaultValues: { reason: '' } });
  const field = bindFormFields(form.errors, idPrefix);
  return (
    <ContractFormModal
      form={form}
      resetTo={{ reason: '' }}
      show={show}
      onClose={onClose}
      titleId={`${idPrefix}-title`}
      title={title}
      send={send}
      submitLabel={submitLabel}
      submitVariant="danger"
    >
      <p>{explanation}</p>
      {field(
        'reason',
        'Reason',
        <Form.Control as="textarea" rows={rows} maxLength={maxLength} {...form.register('reason')} />,
      )}
    </ContractFormModal>
  );
}
