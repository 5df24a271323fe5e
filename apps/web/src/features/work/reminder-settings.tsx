import { MAX_REMINDER_DAYS } from '@portal/contract/requests';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { MessageAlert } from '../../components/message-alert';
import { NOTICE_AUTO_CLOSE_MS } from '../../config/product';
import { readApiError } from '../../lib/api-error';
import { useFirmSettings, useSaveFirmSettings } from './request-api';

/**
 * How often open document requests remind the firm's clients; shown only when the server answers the
 * settings (to whoever may change them).
 */
export function ReminderSettings() {
  const settings = useFirmSettings();
  const save = useSaveFirmSettings();
  const [days, setDays] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setDays(String(settings.data.request_reminder_days));
  }, [settings.data]);
  if (!settings.data) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setNotice((await save.mutateAsync({ request_reminder_days: Number(days) })).message);
      setError(undefined);
    } catch (failure) {
      const problem = readApiError(failure);
      setError(problem.errors.request_reminder_days?.join(' ') ?? problem.message);
    }
  };
  return (
    <Card as="section" aria-labelledby="reminder-settings-title" className="mb-3">
      <Card.Header className="bg-white">
        <h2 className="h6 mb-0" id="reminder-settings-title">
          Document request reminders
        </h2>
      </Card.Header>
      <Card.Body>
        <MessageAlert
          variant="success"
          messages={notice}
          onClose={() => setNotice(null)}
          autoCloseMs={NOTICE_AUTO_CLOSE_MS}
        />
        <Form noValidate onSubmit={submit} className="d-flex flex-wrap align-items-start gap-2">
          <Form.Label htmlFor="reminder-days" className="mt-2 mb-0">
            Remind clients every
          </Form.Label>
          <div>
            <Form.Control
              id="reminder-days"
              type="number"
              min={1}
              max={MAX_REMINDER_DAYS}
              value={days}
              onChange={(event) => setDays(event.target.value)}
              {...invalidAttributes('reminder-days', error)}
            />
            <FieldError controlId="reminder-days" error={error} />
          </div>
          <span className="mt-2">days until they send what was asked.</span>
          <Button type="submit" disabled={save.isPending}>
            Save
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
