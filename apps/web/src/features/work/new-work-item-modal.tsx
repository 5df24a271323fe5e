import { DATE_PLACEHOLDER, parseIndianDate } from '@portal/contract/plain-dates';
import { type WorkAssignee, type WorkCreateInput, workCreateSchema } from '@portal/contract/work';
import { type ReactNode, useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { useContractForm } from '../../components/use-contract-form';
import { useClientOptions, useCreateWorkItem, useServicesOfClient } from './work-api';

type NewWorkItemModalProps = {
  show: boolean;
  assignees: WorkAssignee[];
  onClose: () => void;
  onCreated: (message: string, id: number) => void;
};

type NewWorkValues = { client_id: string; service_id: string; title: string; due_date: string; assignee_id: string };
const EMPTY: NewWorkValues = { client_id: '', service_id: '', title: '', due_date: '', assignee_id: '' };

/** The POST body: ids as numbers, the date typed dd/mm/yyyy as ISO, no assignee: whoever handles the service. */
function toCreateBody(values: NewWorkValues) {
  return {
    client_id: Number(values.client_id) || 0,
    service_id: Number(values.service_id) || 0,
    title: values.title,
    due_date: parseIndianDate(values.due_date) ?? values.due_date,
    ...(values.assignee_id ? { assignee_id: values.assignee_id === 'none' ? null : Number(values.assignee_id) } : {}),
  };
}

/** A one-off item for one service of a client (a notice to answer, a certificate to issue). */
export function NewWorkItemModal({ show, assignees, onClose, onCreated }: NewWorkItemModalProps) {
  const form = useContractForm<NewWorkValues, WorkCreateInput>({
    schema: workCreateSchema,
    defaultValues: EMPTY,
    toBody: toCreateBody,
    dateFields: ['due_date'],
    listFieldErrors: false,
    showSuccess: false,
  });
  const { register, reset, watch, setValue, feedback, formState } = form;
  const client = watch('client_id');
  const clients = useClientOptions(show);
  const services = useServicesOfClient(client ? Number(client) : null);
  const create = useCreateWorkItem();
  const { clear } = feedback;
  useEffect(() => {
    if (!show) return;
    reset(EMPTY);
    clear();
  }, [show, reset, clear]);
  const onSubmit = form.submit(
    (body) => create.mutateAsync(body),
    (result) => onCreated(result.message, result.data.id),
  );

  const errorOf = (name: keyof NewWorkValues) => formState.errors[name]?.message;
  const field = (id: string, label: string, name: keyof NewWorkValues, control: ReactNode) => (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      {control}
      <FieldError controlId={id} error={errorOf(name)} />
    </Form.Group>
  );

  return (
    <Modal show={show} onHide={onClose} aria-labelledby="new-work-modal-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="new-work-modal-title">
            Add work item
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {feedback.alerts}
          {field(
            'new-work-client',
            'Client',
            'client_id',
            <Form.Select
              {...invalidAttributes('new-work-client', errorOf('client_id'))}
              {...register('client_id', { onChange: () => setValue('service_id', '') })}
            >
              <option value="">Select client</option>
              {(clients.data ?? []).map((option) => (
                <option key={option.id} value={String(option.id)}>
                  {`${option.first_name} ${option.last_name}`.trim()}
                </option>
              ))}
            </Form.Select>,
          )}
          {field(
            'new-work-service',
            'Service',
            'service_id',
            <Form.Select
              disabled={!client}
              {...invalidAttributes('new-work-service', errorOf('service_id'))}
              {...register('service_id')}
            >
              <option value="">Select service</option>
              {(services.data ?? []).map((service) => (
                <option key={service.service_id} value={String(service.service_id)}>
                  {service.service_name}
                </option>
              ))}
            </Form.Select>,
          )}
          {field(
            'new-work-title',
            'Title',
            'title',
            <Form.Control
              maxLength={200}
              {...invalidAttributes('new-work-title', errorOf('title'))}
              {...register('title')}
            />,
          )}
          {field(
            'new-work-due',
            'Due date',
            'due_date',
            <Form.Control
              inputMode="numeric"
              placeholder={DATE_PLACEHOLDER}
              {...invalidAttributes('new-work-due', errorOf('due_date'))}
              {...register('due_date')}
            />,
          )}
          {field(
            'new-work-assignee',
            'Assignee',
            'assignee_id',
            <Form.Select
              {...invalidAttributes('new-work-assignee', errorOf('assignee_id'))}
              {...register('assignee_id')}
            >
              <option value="">Whoever handles the service</option>
              <option value="none">Nobody yet</option>
              {assignees.map((person) => (
                <option key={person.id} value={String(person.id)}>
                  {person.name}
                </option>
              ))}
            </Form.Select>,
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Spinner animation="border" size="sm" className="me-2" aria-label="Saving" />}
            Add
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
