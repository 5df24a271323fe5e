import { DATE_MESSAGES, DATE_PLACEHOLDER, formatIndianDate, parseIndianDate } from '@portal/contract/dates';
import {
  WORK_STATUS_LABELS,
  WORK_STATUSES,
  type WorkItem,
  type WorkStatus,
  type WorkUpdateInput,
  workUpdateSchema,
} from '@portal/contract/work';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { useUpdateWorkItem, useWorkAssignees } from './work-api';

const shown = (iso: string | null) => (iso ? formatIndianDate(iso) : '');

function valuesOf(item: WorkItem) {
  return {
    status: item.status as string,
    assignee: item.assignee ? String(item.assignee.id) : '',
    filedOn: shown(item.filed_on),
    ack: item.ack_number ?? '',
    notes: item.notes ?? '',
    eventDate: shown(item.event_date),
    title: item.title,
    due: shown(item.due_date),
  };
}
type Values = ReturnType<typeof valuesOf>;

/** A typed date as ISO, null when cleared, or the date error. */
function readDate(text: string): { value: string | null } | { error: string } {
  if (!text.trim()) return { value: null };
  const iso = parseIndianDate(text);
  return iso ? { value: iso } : { error: DATE_MESSAGES.invalid };
}

/** The changes the form holds, as the PUT body (only what differs), or the fields' errors. */
function buildChange(item: WorkItem, values: Values): { body: WorkUpdateInput } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const body: Record<string, unknown> = {};
  const start = valuesOf(item);
  if (values.status !== start.status) body.status = values.status;
  if (values.assignee !== start.assignee) body.assignee_id = values.assignee ? Number(values.assignee) : null;
  if (values.notes !== start.notes) body.notes = values.notes;
  const filing = values.status === 'filed' || values.status === 'completed';
  if (filing && values.ack !== start.ack) body.ack_number = values.ack;
  const dates: [keyof Values, string, boolean][] = [
    ['filedOn', 'filed_on', filing],
    ['eventDate', 'event_date', item.event_name !== null],
    ['due', 'due_date', item.rule_id === null],
  ];
  for (const [key, field, applies] of dates) {
    if (!applies || values[key] === start[key]) continue;
    const read = readDate(values[key]);
    if ('error' in read) errors[field] = read.error;
    else if (field !== 'due_date' || read.value) body[field] = read.value;
    else errors[field] = DATE_MESSAGES.invalid;
  }
  if (item.rule_id === null && values.title !== start.title) body.title = values.title;
  // The same schema the server applies.
  const checked = workUpdateSchema.safeParse(body);
  if (!checked.success)
    for (const issue of checked.error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
  return Object.keys(errors).length > 0 ? { errors } : { body: body as WorkUpdateInput };
}

/** The staff's changes of one item: status, assignee, filing (date and acknowledgement), notes. */
export function WorkItemForm({ item, onSaved }: { item: WorkItem; onSaved: (message: string) => void }) {
  const [values, setValues] = useState(() => valuesOf(item));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const assignees = useWorkAssignees(true);
  const update = useUpdateWorkItem();
  useEffect(() => setValues(valuesOf(item)), [item]);
  const set = (key: keyof Values, value: string) => setValues((current) => ({ ...current, [key]: value }));
  const filing = values.status === 'filed' || values.status === 'completed';
  const people = [...(assignees.data ?? [])];
  if (item.assignee && !people.some((person) => person.id === item.assignee?.id))
    people.unshift({ ...item.assignee, role: 'pc' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const change = buildChange(item, values);
    if ('errors' in change) {
      setErrors(change.errors);
      return;
    }
    setErrors({});
    if (Object.keys(change.body).length === 0) {
      setFailure('Nothing has changed.');
      return;
    }
    try {
      onSaved((await update.mutateAsync({ id: item.id, body: change.body })).message);
    } catch (error) {
      const problem = readApiError(error);
      setErrors(Object.fromEntries(Object.entries(problem.errors).map(([field, list]) => [field, list.join(' ')])));
      if (Object.keys(problem.errors).length === 0) setFailure(problem.message);
    }
  };

  const group = (id: string, label: string, field: string, control: ReactNode, help?: string) => (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      {control}
      {help && <Form.Text>{help}</Form.Text>}
      <FieldError controlId={id} error={errors[field]} />
    </Form.Group>
  );
  const text = (id: string, key: keyof Values, field: string, extra: object = {}) => (
    <Form.Control
      value={values[key]}
      onChange={(event) => set(key, event.target.value)}
      {...invalidAttributes(id, errors[field])}
      {...extra}
    />
  );
  const dateInput = (id: string, key: keyof Values, field: string) =>
    text(id, key, field, { inputMode: 'numeric', placeholder: DATE_PLACEHOLDER });

  return (
    <Card as="section" aria-labelledby="work-change-title">
      <Card.Header className="bg-white">
        <h2 className="h5 mb-0" id="work-change-title">
          Update
        </h2>
      </Card.Header>
      <Card.Body>
        <MessageAlert variant="danger" messages={failure} onClose={() => setFailure(null)} />
        <Form noValidate onSubmit={submit}>
          {group(
            'work-status-field',
            'Status',
            'status',
            <Form.Select
              value={values.status}
              onChange={(event) => set('status', event.target.value as WorkStatus)}
              {...invalidAttributes('work-status-field', errors.status)}
            >
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
              text('work-ack', 'ack', 'ack_number', { maxLength: 50, autoComplete: 'off' }),
            )}
          {filing &&
            group(
              'work-filed-on',
              'Filed on',
              'filed_on',
              dateInput('work-filed-on', 'filedOn', 'filed_on'),
              'Today when left empty.',
            )}
          {group(
            'work-assignee-field',
            'Assignee',
            'assignee_id',
            <Form.Select
              value={values.assignee}
              onChange={(event) => set('assignee', event.target.value)}
              {...invalidAttributes('work-assignee-field', errors.assignee_id)}
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
              dateInput('work-event-date', 'eventDate', 'event_date'),
              'The due date is counted from it.',
            )}
          {item.rule_id === null &&
            group('work-title', 'Title', 'title', text('work-title', 'title', 'title', { maxLength: 200 }))}
          {item.rule_id === null && group('work-due', 'Due date', 'due_date', dateInput('work-due', 'due', 'due_date'))}
          {group(
            'work-notes',
            'Notes',
            'notes',
            text('work-notes', 'notes', 'notes', { as: 'textarea', rows: 3, maxLength: 2000 }),
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
