import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The client's issued invoices (not cancelled ones: they owe nothing) and credit notes, by `invoices_client_index`. */
export function listClientDocuments(db: Kysely<DB>, clientId: number) {
  return db
    .selectFrom('invoices')
    .select(['id', 'kind', 'number', 'invoice_date', 'total_paise', 'credit_of'])
    .where('client_id', '=', clientId)
    .where('status', 'not in', ['draft', 'cancelled'])
    .orderBy('id')
    .execute();
}

/** The client's receipts still standing, by `receipts_client_index`. */
export function listClientReceipts(db: Kysely<DB>, clientId: number) {
  return db
    .selectFrom('receipts')
    .select(['id', 'number', 'receipt_date', 'amount_paise', 'tds_paise', 'allocated_paise', 'mode', 'reference'])
    .where('client_id', '=', clientId)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}

/**
 * What each client of the firm owes, by days past the due date, in one statement through
 * `invoices_ageing_index` (the firm's open invoices): `bounds` are today and the days 30, 60 and 90 before.
 */
export function sumAgeingOfFirm(
  db: Kysely<DB>,
  firmId: number,
  bounds: { today: string; day30: string; day60: string; day90: string },
) {
  const balance = sql<number>`invoices.total_paise - invoices.paid_paise - invoices.tds_paise - invoices.credited_paise`;
  const due = sql.ref('invoices.due_date');
  const bucket = (condition: ReturnType<typeof sql>) =>
    sql<number>`sum(case when ${condition} then ${balance} else 0 end)`;
  return db
    .selectFrom('invoices')
    .innerJoin('users as client', 'client.id', 'invoices.client_id')
    .select([
      'invoices.client_id',
      'client.first_name',
      'client.last_name',
      bucket(sql`${due} > ${bounds.today}`).as('not_due'),
      bucket(sql`${due} <= ${bounds.today} and ${due} >= ${bounds.day30}`).as('days_0_30'),
      bucket(sql`${due} < ${bounds.day30} and ${due} >= ${bounds.day60}`).as('days_31_60'),
      bucket(sql`${due} < ${bounds.day60} and ${due} >= ${bounds.day90}`).as('days_61_90'),
      bucket(sql`${due} < ${bounds.day90}`).as('over_90'),
    ])
    .where('invoices.firm_id', '=', firmId)
    .where('invoices.status', 'in', ['issued', 'partly_paid'])
    .where('invoices.kind', '=', 'invoice')
    .groupBy(['invoices.client_id', 'client.first_name', 'client.last_name'])
    .orderBy('invoices.client_id')
    .execute();
}
