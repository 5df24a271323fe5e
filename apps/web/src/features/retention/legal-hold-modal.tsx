import { legalHoldPlaceSchema, legalHoldReleaseSchema } from '@portal/contract/retention';
import Form from 'react-bootstrap/Form';
import { FormModal } from '../../components/form-modal';
import { LabelledField } from '../../components/labelled-field';
import { useContractForm } from '../../components/use-contract-form';
import { useFreshFormOnOpen } from '../../components/use-fresh-form-on-open';
import { useChangeLegalHold } from './retention-api';

type HoldModalProps = { clientId: number; mode: 'place' | 'release' | null; onClose: () => void };

/** Places a client on legal hold with its reason, or releases the hold with a note. */
export function LegalHoldModal({ clientId, mode, onClose }: HoldModalProps) {
  const change = useChangeLegalHold(clientId);
  const placing = mode === 'place';
  const form = useContractForm<{ text: string }, { reason: string } | { note: string }>({
    schema: placing ? legalHoldPlaceSchema : legalHoldReleaseSchema,
    defaultValues: { text: '' },
    toBody: (values) => (placing ? { reason: values.text } : { note: values.text }),
  });
  useFreshFormOnOpen(mode, form, { text: '' });
  const field = placing ? 'reason' : 'note';
  const error =
    (form.errors as Record<string, { message?: string } | undefined>)[field]?.message ?? form.errors.text?.message;
  return (
    <FormModal
      show={mode !== null}
      onClose={onClose}
      titleId="legal-hold-title"
      title={placing ? 'Put the client on legal hold' : 'Release the legal hold'}
      onSubmit={form.submit((body) => change.mutateAsync(body), onClose)}
      submitLabel={placing ? 'Place the hold' : 'Release the hold'}
      submitVariant={placing ? 'primary' : 'warning'}
      busy={change.isPending}
    >
      {form.feedback.alerts}
      <p>
        {placing
          ? 'While the hold lasts nothing of this client is erased, its trash is not emptied and no record of it is purged, whatever its period.'
          : 'Once released, an erasure and the scheduled purges apply to this client again.'}
      </p>
      <LabelledField
        controlId="legal-hold-text"
        label={placing ? 'Why (the proceeding, notice or matter)' : 'Note (optional)'}
        error={error}
      >
        <Form.Control as="textarea" rows={3} {...form.register('text')} />
      </LabelledField>
    </FormModal>
  );
}
