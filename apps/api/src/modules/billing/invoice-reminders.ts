import { formatRupees } from '@portal/contract/billing-money';
import { daysBetween, formatIndianDate, indianDateOf } from '@portal/contract/plain-dates';
import type { AppContext } from '../../app-context.js';
import { listInvoiceReminderFirms } from '../firm-settings/firm-settings.service.js';
import { compose } from '../mail/mail-messages.js';
import { queueMailOnce } from '../mail/mail-queue.js';
import { findMailSafeName } from '../mail/mail-safe-text.js';
import { wantsMail } from '../notifications/mail-preferences.js';
import type { ScheduledTask, Scheduler } from '../scheduled-work/scheduler.js';
import { listOverdueInvoices, type OverdueInvoiceRow } from './invoice-reminders.repository.js';
import { findProfileOfFirm } from './profile.repository.js';

const BATCH = 200;

/** The key an invoice's reminder of one India date is claimed under (`mail_outbox.dedupe_key`). */
export const invoiceReminderKeyOf = (invoiceId: number, date: string) => `invoice_reminder:${invoiceId}:${date}`;

/** Whether an invoice due on `dueDate` reminds its client today: every `days` days after the due date. */
export const isReminderDay = (dueDate: string, today: string, days: number) => {
  const late = daysBetween(dueDate, today);
  return late > 0 && late % days === 0;
};

/**
 * The reminder: the invoice's number (the portal's own), its balance and due date; the firm named by its
 * legal name only when it reads as a name (typed text never carries a link into mail), the client
 * greeted the same way.
 */
function reminderMessage(row: OverdueInvoiceRow, firmName: string | null, link: string) {
  const from = findMailSafeName(firmName) ?? 'Your firm';
  const number = row.number ?? '';
  return compose({ email: row.email, first_name: row.first_name }, `Invoice ${number} is overdue`, [
    `${from} reminds you that invoice ${number}, due on ${formatIndianDate(row.due_date)}, still shows ${formatRupees(
      Number(row.balance_paise),
    )} to pay.`,
    'If you have paid it already, please ignore this reminder.',
    { link, label: 'Open the portal' },
  ]);
}

/**
 * Overdue reminders (docs/billing.md): each firm that set "remind every N days" mails the client of each
 * issued or partly paid invoice past its due date on the Nth, 2Nth... day after it, once per invoice and
 * India date, claimed by its dedupe key as it is queued, so two processes or a rerun never mail twice.
 * A paid or cancelled invoice is no longer read; a client who turned `invoices` mail off, or is not
 * active, gets none. Answers how many it queued.
 */
export async function sendInvoiceReminders(context: AppContext): Promise<number> {
  const today = indianDateOf(context.clock.now());
  let queued = 0;
  for (const firm of await listInvoiceReminderFirms(context.db)) {
    const firmName = (await findProfileOfFirm(context.db, firm.firm_id))?.legal_name ?? null;
    for (let afterId = 0; ; ) {
      const rows = await listOverdueInvoices(context.db, firm.firm_id, today, afterId, BATCH);
      for (const row of rows) {
        if (!isReminderDay(row.due_date, today, firm.invoice_reminder_days)) continue;
        if (row.client_status !== 'active' || Number(row.balance_paise) <= 0) continue;
        if (!(await wantsMail(context.db, row.client_id, 'invoices'))) continue;
        const message = reminderMessage(row, firmName, `${context.config.appUrl}/client/invoices/${row.id}`);
        if (await queueMailOnce(context.db, context, message, invoiceReminderKeyOf(row.id, today))) queued += 1;
      }
      if (rows.length < BATCH) break;
      afterId = (rows.at(-1) as OverdueInvoiceRow).id;
    }
  }
  if (queued > 0) context.mail.wake();
  return queued;
}

const HOUR_MS = 60 * 60_000;

/** Billing's scheduled work: the overdue reminders, hourly (a day's reminder goes out within its first hour). */
export const BILLING_TASKS: ScheduledTask[] = [
  { name: 'send-invoice-reminders', everyMs: HOUR_MS, run: (context) => sendInvoiceReminders(context) },
];

export function registerBillingTasks(scheduler: Scheduler): void {
  for (const task of BILLING_TASKS) scheduler.register(task);
}
