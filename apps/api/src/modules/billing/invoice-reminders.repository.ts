import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { invoiceBalance, UNPAID_STATUSES } from './invoice-balance.repository.js';

/**
 * A batch of the firm's issued or partly paid invoices past their due date (`invoices_firm_due_index`),
 * after an id, with the balance and the client a reminder goes to.
 */
export function listOverdueInvoices(db: Kysely<DB>, firmId: number, today: string, afterId: number, limit: number) {
  return db
    .selectFrom('invoices')
    .innerJoin('users as client', 'client.id', 'invoices.client_id')
    .select((eb) => [
      'invoices.id',
      'invoices.number',
      'invoices.due_date',
      'invoices.client_id',
      invoiceBalance(eb).as('balance_paise'),
      'client.email',
      'client.first_name',
      'client.status as client_status',
    ])
    .where('invoices.firm_id', '=', firmId)
    .where('invoices.kind', '=', 'invoice')
    .where('invoices.status', 'in', [...UNPAID_STATUSES])
    .where('invoices.due_date', '<', today)
    .where('invoices.id', '>', afterId)
    .orderBy('invoices.id')
    .limit(limit)
    .execute();
}

export type OverdueInvoiceRow = Awaited<ReturnType<typeof listOverdueInvoices>>[number];
