import { DATE_PLACEHOLDER, parseIndianDate } from '@portal/contract/plain-dates';
import { type WorkAssignee, type WorkCreateInput, workCreateSchema } from '@portal/contract/work';
import Form from 'react-bootstrap/Form';
import { FormModal } from '../../components/form-modal';
import { LabelledField } from '../../components/labelled-field';
import { SelectOptions } from '../../components/select-options';
import { ServiceSelect } from '../../components/service-select';
import { useContractForm } from '../../components/use-contract-form';
import { useFreshFormOnOpen } from '../../components/use-fresh-form-on-open';
import { userOptionName } from '../../lib/queries/user-options';
import { useClientOptions, useCreateWorkItem, useServicesOfClient } from './work-api';
import { toAssigneeOptions } from './work-options';

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
  const { register, watch, setValue, feedback, errors } = form;
  const client = watch('client_id');
  const clients = useClientOptions(show);
  const services = useServicesOfClient(client ? Number(client) : null);
  const create = useCreateWorkItem();
  useFreshFormOnOpen(show, form, EMPTY);
  const onSubmit = form.submit(
    (body) => create.mutateAsync(body),
    (result) => onCreated(result.message, result.data.id),
  );

  const errorOf = (name: keyof NewWorkValues) => errors[name]?.message;

  return (
    <FormModal
      show={show}
      onClose={onClose}
      titleId="new-work-modal-title"
      title="Add work item"
      onSubmit={onSubmit}
      submitLabel="Add"
      busy={create.isPending}
    >
      {feedback.alerts}
      <LabelledField className="mb-3" controlId="new-work-client" label="Client" error={errorOf('client_id')}>
        <Form.Select {...register('client_id', { onChange: () => setValue('service_id', '') })}>
          <option value="">Select client</option>
          {(clients.data ?? []).map((option) => (
            <option key={option.id} value={String(option.id)}>
              {userOptionName(option)}
            </option>
          ))}
        </Form.Select>
      </LabelledField>
      <LabelledField className="mb-3" controlId="new-work-service" label="Service" error={errorOf('service_id')}>
        <ServiceSelect disabled={!client} services={services.data} {...register('service_id')} />
      </LabelledField>
      <LabelledField className="mb-3" controlId="new-work-title" label="Title" error={errorOf('title')}>
        <Form.Control maxLength={200} {...register('title')} />
      </LabelledField>
      <LabelledField className="mb-3" controlId="new-work-due" label="Due date" error={errorOf('due_date')}>
        <Form.Control inputMode="numeric" placeholder={DATE_PLACEHOLDER} {...register('due_date')} />
      </LabelledField>
      <LabelledField className="mb-3" controlId="new-work-assignee" label="Assignee" error={errorOf('assignee_id')}>
        <Form.Select {...register('assignee_id')}>
          <option value="">Whoever handles the service</option>
          <option value="none">Nobody yet</option>
          <SelectOptions options={toAssigneeOptions(assignees)} />
        </Form.Select>
      </LabelledField>
    </FormModal>
  );
}
