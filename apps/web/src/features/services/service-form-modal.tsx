import { type Service, type ServiceSaveInput, serviceSaveSchema } from '@portal/contract/services';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { useContractForm } from '../../components/use-contract-form';
import { useSaveService } from './services-api';

type ServiceFormModalProps = {
  show: boolean;
  /** The service to edit, or null to add one. */
  service: Service | null;
  onClose: () => void;
  onSaved: (message: string) => void;
};

const emptyForm: ServiceSaveInput = { service_name: '' };

export function ServiceFormModal({ show, service, onClose, onSaved }: ServiceFormModalProps) {
  const save = useSaveService();
  const {
    register,
    handleSubmit,
    reset,
    feedback,
    formState: { errors },
  } = useContractForm<ServiceSaveInput>({
    schema: serviceSaveSchema,
    defaultValues: emptyForm,
    listFieldErrors: false,
    showSuccess: false,
  });
  const { clear } = feedback;

  // Each opening starts from the row being edited, or from an empty form, with no old errors.
  useEffect(() => {
    if (!show) return;
    reset(service ? { service_name: service.service_name, service_id: service.service_id } : emptyForm);
    clear();
    save.reset();
  }, [show, service, reset, save.reset, clear]);

  const onSubmit = handleSubmit(async (input) => {
    const result = await feedback.save(() => save.mutateAsync(input));
    if (!result) return;
    reset(emptyForm);
    onSaved(result.message);
  });

  return (
    <Modal show={show} onHide={onClose} aria-labelledby="service-modal-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="service-modal-title">
            Add Service
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {feedback.alerts}
          <input type="hidden" {...register('service_id', { setValueAs: readOptionalId })} />
          <Form.Group controlId="service-name">
            <Form.Label>Service Name</Form.Label>
            <Form.Control
              type="text"
              placeholder="Please enter service name"
              {...invalidAttributes('service-name', errors.service_name?.message)}
              autoFocus
              {...register('service_name')}
            />
            <FieldError controlId={'service-name'} error={errors.service_name?.message} />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending && <Spinner animation="border" size="sm" className="me-2" aria-label="Saving" />}
            Save
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

function readOptionalId(value: unknown): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const id = Number(value);
  return Number.isFinite(id) ? id : undefined;
}
