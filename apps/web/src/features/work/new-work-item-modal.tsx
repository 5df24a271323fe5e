import { DATE_MESSAGES, DATE_PLACEHOLDER, parseIndianDate } from '@portal/contract/dates';
import { type WorkAssignee, workCreateSchema } from '@portal/contract/work';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { useClientOptions, useCreateWorkItem, useServicesOfClient } from './work-api';

type NewWorkItemModalProps = {
  show: boolean;
  assignees: WorkAssignee[];
  onClose: () => void;
  onCreated: (message: string, id: number) => void;
};

const EMPTY = { client: '', service: '', title: '', due: '', assignee: '' };

/** A one-off item for one service of a client (a notice to answer, a certificate to issue). */
export function NewWorkItemModal({ show, assignees, onClose, onCreated }: NewWorkItemModalProps) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const clients = useClientOptions(show);
  const services = useServicesOfClient(values.client ? Number(values.client) : null);
  const create = useCreateWorkItem();
  useEffect(() => {
    if (show) {
      setValues(EMPTY);
      setErrors({});
      setFailure(null);
    }
  }, [show]);
  const set = (field: keyof typeof EMPTY, value: string) =>
    setValues((current) => ({ ...current, [field]: value, ...(field === 'client' ? { service: '' } : {}) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const due = parseIndianDate(values.due);
    const body = {
      client_id: Number(values.client) || 0,
      service_id: Number(values.service) || 0,
      title: values.title,
      due_date: due ?? '',
      ...(values.assignee ? { assignee_id: values.assignee === 'none' ? null : Number(values.assignee) } : {}),
    };
    // The same schema the server applies; a date is typed dd/mm/yyyy and sent as ISO.
    const checked = workCreateSchema.safeParse(body);
    const found: Record<string, string> = {};
    if (!checked.success) for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (due === null) found.due_date = DATE_MESSAGES.invalid;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    try {
      const result = await create.mutateAsync(body);
      onCreated(result.message, result.data.id);
    } catch (error) {
      const problem = readApiError(error);
      setErrors(Object.fromEntries(Object.entries(problem.errors).map(([field, list]) => [field, list.join(' ')])));
      if (Object.keys(problem.errors).length === 0) setFailure(problem.message);
    }
  };

  const field = (id: string, label: string, name: string, control: React.ReactNode) => (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      {control}
      <FieldError controlId={id} error={errors[name]} />
    </Form.Group>
  );

  return (
    <Modal show={show} onHide={onClose} aria-labelledby="new-work-modal-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="new-work-modal-title">
            Add work item
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <MessageAlert variant="danger" messages={failure} onClose={() => setFailure(null)} />
          {field(
            'new-work-client',
            'Client',
            'client_id',
            <Form.Select
              value={values.client}
              onChange={(event) => set('client', event.target.value)}
              {...invalidAttributes('new-work-client', errors.client_id)}
            >
              <option value="">Select client</option>
              {(clients.data ?? []).map((client) => (
                <option key={client.id} value={String(client.id)}>
                  {`${client.first_name} ${client.last_name}`.trim()}
                </option>
              ))}
            </Form.Select>,
          )}
          {field(
            'new-work-service',
            'Service',
            'service_id',
            <Form.Select
              value={values.service}
              disabled={!values.client}
              onChange={(event) => set('service', event.target.value)}
              {...invalidAttributes('new-work-service', errors.service_id)}
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
              value={values.title}
              maxLength={200}
              onChange={(event) => set('title', event.target.value)}
              {...invalidAttributes('new-work-title', errors.title)}
            />,
          )}
          {field(
            'new-work-due',
            'Due date',
            'due_date',
            <Form.Control
              value={values.due}
              inputMode="numeric"
              placeholder={DATE_PLACEHOLDER}
              onChange={(event) => set('due', event.target.value)}
              {...invalidAttributes('new-work-due', errors.due_date)}
            />,
          )}
          {field(
            'new-work-assignee',
            'Assignee',
            'assignee_id',
            <Form.Select
              value={values.assignee}
              onChange={(event) => set('assignee', event.target.value)}
              {...invalidAttributes('new-work-assignee', errors.assignee_id)}
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
