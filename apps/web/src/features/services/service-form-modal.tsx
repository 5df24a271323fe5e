import { SAC_CODES } from '@portal/contract/billing';
import { type Service, type ServiceSaveInput, serviceSaveSchema } from '@portal/contract/services';
import { useEffect } from 'react';
import Form from 'react-bootstrap/Form';
import { bindFormFields } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { OptionsSelect } from '../../components/options-select';
import { useContractForm } from '../../components/use-contract-form';
import { useSaveService } from './services-api';

type ServiceFormModalProps = {
  show: boolean;
  /** The service to edit, or null to add one. */
  service: Service | null;
  onClose: () => void;
  onSaved: (message: string) => void;
};

const emptyForm: ServiceSaveInput = { service_name: '', sac_code: null };
const SAC_OPTIONS = [
  { value: '', label: 'None yet' },
  ...SAC_CODES.map((entry) => ({ value: entry.code, label: `${entry.code} · ${entry.label}` })),
];

export function ServiceFormModal({ show, service, onClose, onSaved }: ServiceFormModalProps) {
  const save = useSaveService();
  const { register, submit, reset, feedback, errors } = useContractForm<ServiceSaveInput>({
    schema: serviceSaveSchema,
    defaultValues: emptyForm,
    listFieldErrors: false,
    showSuccess: false,
  });
  const { clear } = feedback;
  const field = bindFormFields(errors, 'service');

  // Each opening starts from the row being edited, or from an empty form, with no old errors.
  useEffect(() => {
    if (!show) return;
    reset(
      service
        ? { service_name: service.service_name, service_id: service.service_id, sac_code: service.sac_code }
        : emptyForm,
    );
    clear();
    save.reset();
  }, [show, service, reset, save.reset, clear]);

  const onSubmit = submit(
    (input) => save.mutateAsync(input),
    (result) => {
      reset(emptyForm);
      onSaved(result.message);
    },
  );

  return (
    <FormModal
      show={show}
      onClose={onClose}
      titleId="service-modal-title"
      title="Add Service"
      onSubmit={onSubmit}
      submitLabel="Save"
      busy={save.isPending}
    >
      {feedback.alerts}
      <input type="hidden" {...register('service_id', { setValueAs: readOptionalId })} />
      {field(
        'service_name',
        'Service Name',
        <Form.Control type="text" placeholder="Please enter service name" autoFocus {...register('service_name')} />,
        { id: 'service-name' },
      )}
      {field(
        'sac_code',
        'SAC code',
        <OptionsSelect
          {...register('sac_code', { setValueAs: (value) => (value === '' ? null : value) })}
          options={SAC_OPTIONS}
        />,
        {
          id: 'service-sac',
          className: 'mt-3',
          hint: 'What invoices of this service carry (heading 9982, legal and accounting).',
        },
      )}
    </FormModal>
  );
}

function readOptionalId(value: unknown): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const id = Number(value);
  return Number.isFinite(id) ? id : undefined;
}
