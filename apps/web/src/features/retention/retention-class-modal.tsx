import {
  MAX_RETENTION_MONTHS,
  type RetentionClass,
  type RetentionClassSaveInput,
  retentionClassSaveSchema,
} from '@portal/contract/retention';
import { useEffect } from 'react';
import Form from 'react-bootstrap/Form';
import { FormModal } from '../../components/form-modal';
import { LabelledField } from '../../components/labelled-field';
import { useContractForm } from '../../components/use-contract-form';
import { useSaveRetentionClass } from './retention-api';

type Values = { months: string; source: string };
const toBody = (values: Values) => ({ months: Number(values.months), source: values.source });

/** The admin changes one class's period and the provision that sets it, when the law changes. */
export function RetentionClassModal({ entry, onClose }: { entry: RetentionClass | null; onClose: () => void }) {
  const save = useSaveRetentionClass();
  const form = useContractForm<Values, RetentionClassSaveInput>({
    schema: retentionClassSaveSchema,
    defaultValues: { months: '', source: '' },
    toBody,
  });
  const { reset, feedback, register, errors } = form;
  useEffect(() => {
    if (!entry) return;
    reset({ months: String(entry.months), source: entry.source });
    feedback.clear();
  }, [entry, reset, feedback.clear]);
  return (
    <FormModal
      show={entry !== null}
      onClose={onClose}
      titleId="retention-class-title"
      title={entry ? `Retention: ${entry.label}` : ''}
      onSubmit={form.submit((body) => save.mutateAsync({ key: entry?.key ?? 'gst_records', ...body }), onClose)}
      submitLabel="Save"
      busy={save.isPending}
    >
      {feedback.alerts}
      <LabelledField
        controlId="retention-months"
        label={`Months (1 to ${MAX_RETENTION_MONTHS})`}
        error={errors.months?.message}
      >
        <Form.Control type="number" inputMode="numeric" min={1} max={MAX_RETENTION_MONTHS} {...register('months')} />
      </LabelledField>
      <LabelledField
        controlId="retention-source"
        label="Source (the provision in force)"
        error={errors.source?.message}
      >
        <Form.Control as="textarea" rows={4} {...register('source')} />
      </LabelledField>
      <p className="small text-muted mb-0">
        Clients erased before the change keep the days they were given; the new period applies to later erasures.
      </p>
    </FormModal>
  );
}
