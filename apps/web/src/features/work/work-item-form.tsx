import { DATE_PLACEHOLDER } from '@portal/contract/plain-dates';
import { UDIN_DEADLINE_DAYS } from '@portal/contract/udin';
import { type WorkItem, type WorkUpdate, workUpdateSchema } from '@portal/contract/work';
import { type FormEvent, type ReactElement, useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { BusyButton } from '../../components/busy-button';
import { LabelledField } from '../../components/labelled-field';
import { OptionsSelect } from '../../components/options-select';
import { SectionCard } from '../../components/section-card';
import { SelectOptions } from '../../components/select-options';
import { useContractForm } from '../../components/use-contract-form';
import { useUpdateWorkItem, useWorkItemAssignees, useWorkReviewers } from './work-api';
import { buildChange, NOTHING_CHANGED, showsFiling, type WorkItemValues, workItemValues } from './work-item-change';
import { toAssigneeOptions, WORK_STATUS_OPTIONS } from './work-options';

const DATE_FIELDS = ['filed_on', 'event_date', 'due_date', 'signed_on'] as const;

/** The staff's changes of one item: status, reviewer, assignee, filing (date and acknowledgement), notes. */
export function WorkItemForm({ item, onSaved }: { item: WorkItem; onSaved: (message: string) => void }) {
  const assignees = useWorkItemAssignees(item.id);
  const update = useUpdateWorkItem();
  const form = useContractForm<WorkItemValues, WorkUpdate>({
    schema: workUpdateSchema,
    defaultValues: workItemValues(item),
    toBody: (values) => buildChange(item, values),
    dateFields: DATE_FIELDS,
    listFieldErrors: false,
    showSuccess: false,
  });
  const { register, reset, watch, feedback, errors } = form;
  // Read again after every save, refused ones included (its requests' signed links make each answer a
  // new object): the form starts over only when the item itself changed, so a refusal stays on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the item's version decides, not its object
  useEffect(() => reset(workItemValues(item)), [item.id, item.updated_at, reset]);
  const filing = showsFiling(watch('status'));
  // Maker-checker: sending to review names who checks it (the firm's staff but the assignee).
  const toReview = watch('status') === 'under_review';
  const reviewers = useWorkReviewers(item.id, toReview);
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

  const errorOf = (field: keyof WorkItemValues) => errors[field]?.message;
  const group = (
    id: string,
    label: string,
    field: keyof WorkItemValues,
    control: ReactElement<Record<string, unknown>>,
    help?: string,
  ) => (
    <LabelledField className="mb-3" controlId={id} label={label} error={errorOf(field)} hint={help}>
      {control}
    </LabelledField>
  );
  const text = (field: keyof WorkItemValues, extra: object = {}) => <Form.Control {...extra} {...register(field)} />;
  const dateInput = (field: keyof WorkItemValues) =>
    text(field, { inputMode: 'numeric', placeholder: DATE_PLACEHOLDER });

  return (
    <SectionCard id="work-change-title" title="Update">
      <Card.Body>
        {feedback.alerts}
        <Form noValidate onSubmit={onSubmit}>
          {group(
            'work-status-field',
            'Status',
            'status',
            <OptionsSelect {...register('status')} options={WORK_STATUS_OPTIONS} />,
          )}
          {toReview &&
            group(
              'work-reviewer-field',
              'Reviewer',
              'reviewer_id',
              <Form.Select {...register('reviewer_id')}>
                <option value="">Choose a reviewer</option>
                <SelectOptions
                  options={toAssigneeOptions(
                    reviewers.data ?? (item.reviewer ? [{ ...item.reviewer, role: 'pc' }] : []),
                  )}
                />
              </Form.Select>,
              'Someone other than the assignee checks it before it is filed.',
            )}
          {filing &&
            group(
              'work-ack',
              'Acknowledgement / ARN number',
              'ack_number',
              text('ack_number', { maxLength: 50, autoComplete: 'off' }),
            )}
          {filing && group('work-filed-on', 'Filed on', 'filed_on', dateInput('filed_on'), 'Today when left empty.')}
          {group(
            'work-assignee-field',
            'Assignee',
            'assignee_id',
            <Form.Select {...register('assignee_id')}>
              <option value="">Nobody yet</option>
              <SelectOptions options={toAssigneeOptions(people)} />
            </Form.Select>,
          )}
          {item.event_name !== null &&
            group(
              'work-event-date',
              `${item.event_name} date`,
              'event_date',
              dateInput('event_date'),
              'The due date is counted from it.',
            )}
          {item.rule_id === null && group('work-title', 'Title', 'title', text('title', { maxLength: 200 }))}
          {item.rule_id === null && group('work-due', 'Due date', 'due_date', dateInput('due_date'))}
          {group(
            'work-signed-on',
            'Signed on',
            'signed_on',
            dateInput('signed_on'),
            'The date the document was signed.',
          )}
          {group(
            'work-udin',
            'UDIN',
            'udin',
            text('udin', { maxLength: 22, autoComplete: 'off' }),
            `18 characters, generated within ${UDIN_DEADLINE_DAYS} days of signing.`,
          )}
          {group('work-notes', 'Notes', 'notes', text('notes', { as: 'textarea', rows: 3, maxLength: 2000 }))}
          <BusyButton type="submit" busy={update.isPending} busyLabel="Saving">
            Save
          </BusyButton>
        </Form>
      </Card.Body>
    </SectionCard>
  );
}
