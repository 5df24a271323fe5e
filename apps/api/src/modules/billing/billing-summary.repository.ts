import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { invoiceBalance, UNPAID_STATUSES } from './invoice-balance.repository.js';

/** Issued, partly paid and paid: invoices that billed the client (a cancelled one bills nothing). */
export const BILLED_STATUSES = ['issued', 'partly_paid', 'paid'] as const;

/**
 * The firm's billed totals since two dates (a month's and a financial year's first day), credit notes
 * taken off, and what its unpaid invoices still ask: one statement over its billed invoices.
 */
export async function sumBilledOfFirm(db: Kysely<DB>, firmId: number, since: { month: string; year: string }) {
  const signed = sql<number>`case when invoices.kind = 'credit_note' then -invoices.total_paise else invoices.total_paise end`;
  const row = await db
    .selectFrom('invoices')
    .select((eb) => [
      eb.fn
        .coalesce(
          eb.fn.sum<number>(sql`case when invoices.invoice_date >= ${since.month} then ${signed} else 0 end`),
          sql<number>`0`,
        )
        .as('month'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(sql`case when invoices.invoice_date >= ${since.year} then ${signed} else 0 end`),
          sql<number>`0`,
        )
        .as('year'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(
            sql`case when invoices.kind = 'invoice' and invoices.status in (${sql.join(
              UNPAID_STATUSES.map((status) => sql.lit(status)),
            )}) then ${invoiceBalance(eb)} else 0 end`,
          ),
          sql<number>`0`,
        )
        .as('outstanding'),
    ])
    .where('invoices.firm_id', '=', firmId)
    .where('invoices.status', 'in', [...BILLED_STATUSES])
    .executeTakeFirstOrThrow();
  return { month: Number(row.month), year: Number(row.year), outstanding: Number(row.outstanding) };
}
