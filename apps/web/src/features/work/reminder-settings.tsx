import { type FirmSettings, MAX_REMINDER_DAYS } from '@portal/contract/requests';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { FirmSettingCard } from '../../components/firm-setting-card';

type ReminderValues = { request_reminder_days: string };

const toValues = (settings: FirmSettings): ReminderValues => ({
  request_reminder_days: String(settings.request_reminder_days),
});

/** How often open document requests remind the firm's clients, beside the other firm settings. */
export function ReminderSettings() {
  return (
    <FirmSettingCard<ReminderValues>
      id="reminder-settings-title"
      title="Document request reminders"
      defaultValues={{ request_reminder_days: '' }}
      toValues={toValues}
      toBody={(values) => ({ request_reminder_days: Number(values.request_reminder_days) })}
      formClassName="d-flex flex-wrap align-items-start gap-2"
      renderFields={({ register, errors }) => {
        const error = errors.request_reminder_days?.message;
        return (
          <>
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
          </>
        );
      }}
    />
  );
}
