import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { addClientAndService, createIndexes, partOf, required } from './table-parts.js';

/**
 * Ready to bill (issue 23, docs/billing.md): which retainer period or one-off fee of a client service a
 * line bills (`FY2026-27-Q1`, `2026-04`, `FY2026-27`, `ONCE`), held once among live invoices like a work
 * item (a partial unique index; a cancelled invoice's released, not deleted); a partial index of the
 * filed and completed work items, which the ready list walks by firm; and two firm settings: complete
 * fee-bearing work only once it is billed, and remind clients of overdue invoices every N days (null: off).
 */
export const readyToBillMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('invoice_billed_periods')
    .addColumn('line_id', 'integer', partOf('invoice_lines'))
    .addColumn('invoice_id', 'integer', required)
    .$call(addClientAndService)
    .addColumn('period_key', 'varchar(12)', required)
    .addColumn('released_at', timestamp)
    .execute();
  await db.schema
    .createIndex('invoice_billed_periods_held_unique')
    .on('invoice_billed_periods')
    .columns(['client_id', 'service_id', 'period_key'])
    .unique()
    .where(sql.ref('released_at'), 'is', null)
    .execute();
  await createIndexes(db, 'invoice_billed_periods', { invoice_billed_periods_invoice_index: ['invoice_id'] });
  await db.schema
    .createIndex('work_items_closed_index')
    .on('work_items')
    .columns(['firm_id', 'id'])
    .where(sql<boolean>`status in ('filed', 'completed')`)
    .execute();
  // The overdue filter and the reminders read a firm's issued invoices by due date; the list's date range
  // and the reports read them by invoice date.
  await createIndexes(db, 'invoices', {
    invoices_firm_due_index: ['firm_id', 'status', 'due_date'],
    invoices_firm_date_index: ['firm_id', 'invoice_date', 'id'],
  });
  await db.schema
    .alterTable('firm_settings')
    .addColumn('complete_only_when_billed', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('firm_settings').addColumn('invoice_reminder_days', 'integer').execute();
});
