import Form from 'react-bootstrap/Form';
import type { z } from 'zod';
import { ContractFormModal } from '../../components/contract-form-modal';
import { bindFormFields } from '../../components/form-fields';
import { useContractForm } from '../../components/use-contract-form';

type ReasonModalProps = {
  /** The dialog's ids start with it ("invoice-cancel"). */
  idPrefix: string;
  title: string;
  /** What cancelling does, above the reason. */
  explanation: string;
  submitLabel: string;
  /** The contract's schema of the body (`{reason}`), the one the server checks. */
  schema: z.ZodType<{ reason: string }>;
  send: (body: { reason: string }) => Promise<{ message: string }>;
  show: boolean;
  onClose: () => void;
};

/** Cancels an issued document with a reason (an invoice, a receipt): its number stays used. */
export function ReasonModal({
  idPrefix,
  title,
  explanation,
  submitLabel,
  schema,
  send,
  show,
  onClose,
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
      {field('reason', 'Reason', <Form.Control as="textarea" rows={2} {...form.register('reason')} />)}
    </ContractFormModal>
  );
}
