import { DATE_PLACEHOLDER } from '@portal/contract/plain-dates';
import {
  WORK_STATUS_LABELS,
  WORK_STATUSES,
  type WorkItem,
  type WorkUpdate,
  workUpdateSchema,
} from '@portal/contract/work';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { useContractForm } from '../../components/use-contract-form';
import { useUpdateWorkItem, useWorkAssignees } from './work-api';
import { buildChange, NOTHING_CHANGED, showsFiling, type WorkItemValues, workItemValues } from './work-item-change';

const DATE_FIELDS = ['filed_on', 'event_date', 'due_date'] as const;

/** The staff's changes of one item: status, assignee, filing (date and acknowledgement), notes. */
export function WorkItemForm({ item, onSaved }: { item: WorkItem; onSaved: (message: string) => void }) {
  const assignees = useWorkAssignees(true);
  const update = useUpdateWorkItem();
  const form = useContractForm<WorkItemValues, WorkUpdate>({
    schema: workUpdateSchema,
    defaultValues: workItemValues(item),
    toBody: (values) => buildChange(item, values),
    dateFields: DATE_FIELDS,
    listFieldErrors: false,
    showSuccess: false,
  });
  const { register, reset, watch, feedback, formState } = form;
  useEffect(() => reset(workItemValues(item)), [item, reset]);
  const filing = showsFiling(watch('status'));
  const people = [...(assignees.data ?? [])];
  if (item.assignee && !people.some((person) => person.id === item.assignee?.id))
    people.unshift({ ...item.assignee, role: 'pc' });

  const save = form.submit(
    (body) => update.mutateAsync({ id: item.id, body }),
    (result) => onSaved(result.message),
  );
  const onSubmit = (event: FormEvent) => {
    if (Object.keys(buildChange(item, form.getValues())).length > 0) return save(event);
    event.preventDefault();
    feedback.show(NOTHING_CHANGED);
  };

  const errorOf = (field: keyof WorkItemValues) => formState.errors[field]?.message;
  const group = (id: string, label: string, field: keyof WorkItemValues, control: ReactNode, help?: string) => (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      {control}
      {help && <Form.Text>{help}</Form.Text>}
      <FieldError controlId={id} error={errorOf(field)} />
    </Form.Group>
  );
  const text = (id: string, field: keyof WorkItemValues, extra: object = {}) => (
    <Form.Control {...invalidAttributes(id, errorOf(field))} {...extra} {...register(field)} />
  );
  const dateInput = (id: string, field: keyof WorkItemValues) =>
    text(id, field, { inputMode: 'numeric', placeholder: DATE_PLACEHOLDER });

  return (
    <Card as="section" aria-labelledby="work-change-title">
      <Card.Header className="bg-white">
        <h2 className="h5 mb-0" id="work-change-title">
          Update
        </h2>
      </Card.Header>
      <Card.Body>
        {feedback.alerts}
        <Form noValidate onSubmit={onSubmit}>
          {group(
            'work-status-field',
            'Status',
            'status',
            <Form.Select {...invalidAttributes('work-status-field', errorOf('status'))} {...register('status')}>
              {WORK_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {WORK_STATUS_LABELS[status]}
                </option>
              ))}
            </Form.Select>,
          )}
          {filing &&
            group(
              'work-ack',
              'Acknowledgement / ARN number',
              'ack_number',
              text('work-ack', 'ack_number', { maxLength: 50, autoComplete: 'off' }),
            )}
          {filing &&
            group(
              'work-filed-on',
              'Filed on',
              'filed_on',
              dateInput('work-filed-on', 'filed_on'),
              'Today when left empty.',
            )}
          {group(
            'work-assignee-field',
            'Assignee',
            'assignee_id',
            <Form.Select
              {...invalidAttributes('work-assignee-field', errorOf('assignee_id'))}
              {...register('assignee_id')}
            >
              <option value="">Nobody yet</option>
              {people.map((person) => (
                <option key={person.id} value={String(person.id)}>
                  {person.name}
                </option>
              ))}
            </Form.Select>,
          )}
          {item.event_name !== null &&
            group(
              'work-event-date',
              `${item.event_name} date`,
              'event_date',
              dateInput('work-event-date', 'event_date'),
              'The due date is counted from it.',
            )}
          {item.rule_id === null &&
            group('work-title', 'Title', 'title', text('work-title', 'title', { maxLength: 200 }))}
          {item.rule_id === null && group('work-due', 'Due date', 'due_date', dateInput('work-due', 'due_date'))}
          {group(
            'work-notes',
            'Notes',
            'notes',
            text('work-notes', 'notes', { as: 'textarea', rows: 3, maxLength: 2000 }),
          )}
          <Button type="submit" disabled={update.isPending}>
            {update.isPending && <Spinner animation="border" size="sm" className="me-2" aria-label="Saving" />}
            Save
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
