import { MAX_INVOICE_REMINDER_DAYS } from '@portal/contract/billing-ready';
import type { FirmSettings } from '@portal/contract/requests';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { FirmSettingCard } from '../../components/firm-setting-card';

type CompletionValues = { complete_only_when_billed: boolean };

const toCompletionValues = (settings: FirmSettings): CompletionValues => ({
  complete_only_when_billed: settings.complete_only_when_billed,
});

/** The firm setting that refuses "completed" for work charged per item until an invoice bills it. */
export function CompleteWhenBilledSetting() {
  return (
    <FirmSettingCard<CompletionValues>
      id="complete-when-billed-title"
      title="Completing billed work"
      defaultValues={{ complete_only_when_billed: false }}
      toValues={toCompletionValues}
      formClassName="d-flex flex-wrap align-items-center gap-3"
      renderFields={({ register }) => (
        <Form.Check
          type="switch"
          id="complete-only-when-billed"
          label="Do not complete work until it is billed"
          {...register('complete_only_when_billed')}
        />
      )}
    />
  );
}

type ReminderValues = { reminders_on: boolean; invoice_reminder_days: string };

const toReminderValues = (settings: FirmSettings): ReminderValues => ({
  reminders_on: settings.invoice_reminder_days !== null,
  invoice_reminder_days: settings.invoice_reminder_days === null ? '' : String(settings.invoice_reminder_days),
});

const DAYS_ID = 'invoice-reminder-days';

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
        const error = errors.invoice_reminder_days?.message;
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
            <Form.Label htmlFor={DAYS_ID} className="mt-2 mb-0">
              Remind every
            </Form.Label>
            <div>
              <Form.Control
                id={DAYS_ID}
                type="number"
                min={1}
                max={MAX_INVOICE_REMINDER_DAYS}
                disabled={!on}
                {...invalidAttributes(DAYS_ID, error)}
                {...register('invoice_reminder_days')}
              />
              <FieldError controlId={DAYS_ID} error={error} />
            </div>
            <span className="mt-2">days after the due date.</span>
          </>
        );
      }}
    />
  );
}
