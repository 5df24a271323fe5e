import { MAX_REMINDER_DAYS } from '@portal/contract/requests';
import { FirmNumberSetting } from '../../components/firm-number-setting';

/** How often open document requests remind the firm's clients, beside the other firm settings. */
export function ReminderSettings() {
  return (
    <FirmNumberSetting
      id="reminder-settings-title"
      title="Document request reminders"
      setting="request_reminder_days"
      controlId="reminder-days"
      label="Remind clients every"
      after="days until they send what was asked."
      max={MAX_REMINDER_DAYS}
    />
  );
}
