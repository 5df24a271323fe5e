import { DATE_PLACEHOLDER, parseIndianDate } from '@portal/contract/plain-dates';
import { REQUEST_MAX_ITEMS, type RequestCreate, requestCreateSchema } from '@portal/contract/requests';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import { BusyButton } from '../../components/busy-button';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { bindFormFields } from '../../components/form-fields';
import { SectionCard } from '../../components/section-card';
import { useContractForm } from '../../components/use-contract-form';
import { useCreateRequest } from './request-api';

type RequestValues = { items: string[]; message: string; due_date: string };
const EMPTY: RequestValues = { items: [''], message: '', due_date: '' };

/** The POST body: no empty message, the date typed dd/mm/yyyy as ISO. */
function toRequestBody(values: RequestValues) {
  return {
    items: values.items,
    ...(values.message.trim() ? { message: values.message } : {}),
    due_date: parseIndianDate(values.due_date) ?? values.due_date,
  };
}

/**
 * "Request documents" on a work item: the checklist (one name per line, more added as needed), a
 * message and the date they are needed by. The client is mailed at once and reminded until done.
 */
export function RequestForm({ workId, onSaved }: { workId: number; onSaved: (message: string) => void }) {
  const create = useCreateRequest(workId);
  const form = useContractForm<RequestValues, RequestCreate>({
    schema: requestCreateSchema,
    defaultValues: EMPTY,
    toBody: toRequestBody,
    dateFields: ['due_date'],
    listFieldErrors: false,
    showSuccess: false,
  });
  const { register, watch, setValue, reset, feedback, errors } = form;
  const field = bindFormFields(errors, 'request');
  // The list is held as plain names; each row is drawn from it, so removing one cannot shift the others.
  const items = watch('items');
  const setItems = (next: string[]) => setValue('items', next, { shouldDirty: true });
  const onSubmit = form.submit(
    (body) => create.mutateAsync(body),
    (result) => {
      onSaved(result.message);
      reset(EMPTY);
    },
  );

  return (
    <SectionCard id="request-form-title" title="Request documents" className="mb-3">
      <Card.Body>
        {feedback.alerts}
        <Form noValidate onSubmit={onSubmit}>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Documents</legend>
            {items.map((name, index) => {
              const id = `request-item-${index}`;
              const error = errors.items?.[index]?.message;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the list's positions
                <div key={index} className="mb-2">
                  <div className="d-flex gap-2 align-items-center">
                    <Form.Control
                      id={id}
                      aria-label={`Document ${index + 1}`}
                      placeholder={index === 0 ? 'e.g. Sales register April' : ''}
                      maxLength={200}
                      value={name}
                      onChange={(event) =>
                        setItems(items.map((item, at) => (at === index ? event.target.value : item)))
                      }
                      {...invalidAttributes(id, error)}
                    />
                    {items.length > 1 && (
                      <CloseButton
                        aria-label={`Remove document ${index + 1}`}
                        onClick={() => setItems(items.filter((_, at) => at !== index))}
                      />
                    )}
                  </div>
                  <FieldError controlId={id} error={error} className="d-block" />
                </div>
              );
            })}
            {errors.items?.message && <div className="text-danger small">{errors.items.message}</div>}
            {items.length < REQUEST_MAX_ITEMS && (
              <Button variant="link" size="sm" className="px-0" onClick={() => setItems([...items, ''])}>
                Add another document
              </Button>
            )}
          </fieldset>
          {field(
            'message',
            'Message (optional)',
            <Form.Control as="textarea" rows={2} maxLength={2000} {...register('message')} />,
            { className: 'mb-3' },
          )}
          {field(
            'due_date',
            'Needed by',
            <Form.Control inputMode="numeric" placeholder={DATE_PLACEHOLDER} {...register('due_date')} />,
            {
              id: 'request-due',
              className: 'mb-3',
            },
          )}
          <BusyButton type="submit" busy={create.isPending} busyLabel="Sending">
            Send request
          </BusyButton>
          <Form.Text className="d-block mt-2">{REQUEST_FORM_HELP}</Form.Text>
        </Form>
      </Card.Body>
    </SectionCard>
  );
}

const REQUEST_FORM_HELP = 'The client is sent the list by mail now and reminded until every document is accepted.';
