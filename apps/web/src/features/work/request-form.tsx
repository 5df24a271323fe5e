import { DATE_MESSAGES, DATE_PLACEHOLDER, parseIndianDate } from '@portal/contract/dates';
import { REQUEST_MAX_ITEMS, requestCreateSchema } from '@portal/contract/requests';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { useCreateRequest } from './request-api';

type Values = { items: string[]; message: string; due: string };
const EMPTY: Values = { items: [''], message: '', due: '' };

/** The form's values as the POST body, or each field's error: the same schema the server applies. */
function buildRequest(values: Values) {
  const errors: Record<string, string> = {};
  const due = parseIndianDate(values.due);
  if (!due) errors.due_date = DATE_MESSAGES.invalid;
  const body = {
    items: values.items,
    ...(values.message.trim() ? { message: values.message } : {}),
    due_date: due ?? '',
  };
  const checked = requestCreateSchema.safeParse(body);
  if (!checked.success) for (const issue of checked.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  if (Object.keys(errors).length > 0 || !checked.success) return { errors };
  return { body: checked.data };
}

/**
 * "Request documents" on a work item: the checklist (one name per line, more added as needed), a
 * message and the date they are needed by. The client is mailed at once and reminded until done.
 */
export function RequestForm({ workId, onSaved }: { workId: number; onSaved: (message: string) => void }) {
  const create = useCreateRequest(workId);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const setItem = (index: number, name: string) =>
    setValues((current) => ({ ...current, items: current.items.map((item, at) => (at === index ? name : item)) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const built = buildRequest(values);
    if (!built.body) return setErrors(built.errors ?? {});
    setErrors({});
    try {
      onSaved((await create.mutateAsync(built.body)).message);
      setValues(EMPTY);
    } catch (error) {
      const problem = readApiError(error);
      setErrors(Object.fromEntries(Object.entries(problem.errors).map(([field, list]) => [field, list.join(' ')])));
      if (Object.keys(problem.errors).length === 0) setFailure(problem.message);
    }
  };

  return (
    <Card as="section" aria-labelledby="request-form-title" className="mb-3">
      <Card.Header className="bg-white">
        <h2 className="h5 mb-0" id="request-form-title">
          Request documents
        </h2>
      </Card.Header>
      <Card.Body>
        <MessageAlert variant="danger" messages={failure} onClose={() => setFailure(null)} />
        <Form noValidate onSubmit={submit}>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Documents</legend>
            {values.items.map((name, index) => {
              const id = `request-item-${index}`;
              const error = errors[`items.${index}`];
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
                      onChange={(event) => setItem(index, event.target.value)}
                      {...invalidAttributes(id, error)}
                    />
                    {values.items.length > 1 && (
                      <CloseButton
                        aria-label={`Remove document ${index + 1}`}
                        onClick={() =>
                          setValues((current) => ({ ...current, items: current.items.filter((_, at) => at !== index) }))
                        }
                      />
                    )}
                  </div>
                  <FieldError controlId={id} error={error} className="d-block" />
                </div>
              );
            })}
            {errors.items && <div className="text-danger small">{errors.items}</div>}
            {values.items.length < REQUEST_MAX_ITEMS && (
              <Button
                variant="link"
                size="sm"
                className="px-0"
                onClick={() => setValues((current) => ({ ...current, items: [...current.items, ''] }))}
              >
                Add another document
              </Button>
            )}
          </fieldset>
          <Form.Group controlId="request-message" className="mb-3">
            <Form.Label>Message (optional)</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={2000}
              value={values.message}
              onChange={(event) => setValues((current) => ({ ...current, message: event.target.value }))}
              {...invalidAttributes('request-message', errors.message)}
            />
            <FieldError controlId="request-message" error={errors.message} />
          </Form.Group>
          <Form.Group controlId="request-due" className="mb-3">
            <Form.Label>Needed by</Form.Label>
            <Form.Control
              inputMode="numeric"
              placeholder={DATE_PLACEHOLDER}
              value={values.due}
              onChange={(event) => setValues((current) => ({ ...current, due: event.target.value }))}
              {...invalidAttributes('request-due', errors.due_date)}
            />
            <FieldError controlId="request-due" error={errors.due_date} />
          </Form.Group>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Spinner animation="border" size="sm" className="me-2" aria-label="Sending" />}
            Send request
          </Button>
          <Form.Text className="d-block mt-2">{REQUEST_FORM_HELP}</Form.Text>
        </Form>
      </Card.Body>
    </Card>
  );
}

const REQUEST_FORM_HELP = 'The client is sent the list by mail now and reminded until every document is accepted.';
