import { type FirmSettingsInput, firmSettingsSchema, MAX_REMINDER_DAYS } from '@portal/contract/requests';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { SectionCard } from '../../components/section-card';
import { useContractForm } from '../../components/use-contract-form';
import { NOTICE_AUTO_CLOSE_MS } from '../../config/product';
import { useFirmSettings, useSaveFirmSettings } from './request-api';

type ReminderValues = { request_reminder_days: string };

/**
 * How often open document requests remind the firm's clients; shown only when the server answers the
 * settings (to whoever may change them).
 */
export function ReminderSettings() {
  const settings = useFirmSettings();
  const save = useSaveFirmSettings();
  const form = useContractForm<ReminderValues, FirmSettingsInput>({
    schema: firmSettingsSchema,
    defaultValues: { request_reminder_days: '' },
    toBody: (values) => ({ request_reminder_days: Number(values.request_reminder_days) }),
    listFieldErrors: false,
    successAutoCloseMs: NOTICE_AUTO_CLOSE_MS,
  });
  const { reset, register, feedback, errors } = form;
  useEffect(() => {
    if (settings.data) reset({ request_reminder_days: String(settings.data.request_reminder_days) });
  }, [settings.data, reset]);
  if (!settings.data) return null;
  const error = errors.request_reminder_days?.message;
  return (
    <SectionCard id="reminder-settings-title" title="Document request reminders" size="h6" className="mb-3">
      <Card.Body>
        {feedback.alerts}
        <Form
          noValidate
          onSubmit={form.submit((body) => save.mutateAsync(body))}
          className="d-flex flex-wrap align-items-start gap-2"
        >
          <Form.Label htmlFor="reminder-days" className="mt-2 mb-0">
            Remind clients every
          </Form.Label>
          <div>
            <Form.Control
              id="reminder-days"
              type="number"
              min={1}
              max={MAX_REMINDER_DAYS}
              {...invalidAttributes('reminder-days', error)}
              {...register('request_reminder_days')}
            />
            <FieldError controlId="reminder-days" error={error} />
          </div>
          <span className="mt-2">days until they send what was asked.</span>
          <Button type="submit" disabled={save.isPending}>
            Save
          </Button>
        </Form>
      </Card.Body>
    </SectionCard>
  );
}
