import { type FirmRejectInput, firmRejectSchema, type PendingFirm } from '@portal/contract/firm-approvals';
import Form from 'react-bootstrap/Form';
import { FormModal } from '../../components/form-modal';
import { LabelledField } from '../../components/labelled-field';
import { useContractForm } from '../../components/use-contract-form';
import { useFreshFormOnOpen } from '../../components/use-fresh-form-on-open';
import { useDecideFirm } from './firm-approvals-api';

type FirmRejectModalProps = { firm: PendingFirm | null; onClose: () => void; onDone: (message: string) => void };

/** Rejecting a firm: the reason is required, since it is mailed to the firm's owner. */
export function FirmRejectModal({ firm, onClose, onDone }: FirmRejectModalProps) {
  const decide = useDecideFirm();
  const { register, handleSubmit, reset, feedback, errors } = useContractForm<FirmRejectInput>({
    schema: firmRejectSchema,
    defaultValues: { reason: '' },
    listFieldErrors: false,
    showSuccess: false,
  });
  useFreshFormOnOpen(firm, { reset, feedback }, { reason: '' });

  const onSubmit = handleSubmit(async (input) => {
    if (!firm) return;
    const result = await feedback.save(() => decide.mutateAsync({ id: firm.id, kind: 'reject', ...input }));
    if (result) onDone(result.message);
  });

  return (
    <FormModal
      show={firm !== null}
      onClose={onClose}
      titleId="firm-reject-title"
      title={<>Reject {firm?.name}</>}
      onSubmit={onSubmit}
      closeLabel="Cancel"
      submitLabel="Reject"
      submitVariant="danger"
      busy={decide.isPending}
      busyLabel="Working"
    >
      {feedback.alerts}
      <p>The account is closed and its owner is mailed the reason below.</p>
      <LabelledField controlId="firm-reject-reason" label="Reason" error={errors.reason?.message}>
        <Form.Control as="textarea" rows={3} {...register('reason')} />
      </LabelledField>
    </FormModal>
  );
}
