import { MAX_INVOICE_REMINDER_DAYS } from '@portal/contract/billing-ready';
import type { FirmSettings } from '@portal/contract/requests';
import Form from 'react-bootstrap/Form';
import { FirmSettingCard } from '../../components/firm-setting-card';
import { FirmSwitchSetting } from '../../components/firm-switch-setting';
import { InlineNumberField } from '../../components/inline-number-field';

/** The firm setting that refuses "completed" for work charged per item until an invoice bills it. */
export function CompleteWhenBilledSetting() {
  return (
    <FirmSwitchSetting
      id="complete-when-billed-title"
      title="Completing billed work"
      setting="complete_only_when_billed"
      controlId="complete-only-when-billed"
      label="Do not complete work until it is billed"
    />
  );
}

type ReminderValues = { reminders_on: boolean; invoice_reminder_days: string };

const toReminderValues = (settings: FirmSettings): ReminderValues => ({
  reminders_on: settings.invoice_reminder_days !== null,
  invoice_reminder_days: settings.invoice_reminder_days === null ? '' : String(settings.invoice_reminder_days),
});

/** How often clients are mailed about their overdue invoices; off by default. */
export function InvoiceReminderSetting() {
  return (
    <FirmSettingCard<ReminderValues>
      id="invoice-reminders-title"
      title="Overdue invoice reminders"
      defaultValues={{ reminders_on: false, invoice_reminder_days: '' }}
      toValues={toReminderValues}
      toBody={({ reminders_on, invoice_reminder_days }) => ({
        invoice_reminder_days: reminders_on ? Number(invoice_reminder_days) : null,
      })}
      formClassName="d-flex flex-wrap align-items-start gap-2"
      renderFields={({ register, errors, watch }) => {
        const on = watch('reminders_on');
        return (
          <>
            <Form.Check
              type="switch"
              id="invoice-reminders-on"
              className="mt-2 w-100"
              label="Remind clients of overdue invoices"
              {...register('reminders_on')}
            />
            <InlineNumberField
              id="invoice-reminder-days"
              label="Remind every"
              after="days after the due date."
              max={MAX_INVOICE_REMINDER_DAYS}
              disabled={!on}
              error={errors.invoice_reminder_days?.message}
              registered={register('invoice_reminder_days')}
            />
          </>
        );
      }}
    />
  );
}
