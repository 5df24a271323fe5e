import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { BILLED_STATUSES } from './billing-summary.repository.js';

/** A credit note counts against what was billed. */
const SIGN = sql`case when i.kind = 'credit_note' then -1 else 1 end`;
const BILLED = sql.join(BILLED_STATUSES.map((status) => sql.lit(status)));

export type ReportRow = {
  key: string | number | null;
  label: string | null;
  invoices: number;
  taxable: number;
  tax: number;
};

/** What a firm billed with invoice dates from `from` to `to`, by month (`2026-04`), credit notes taken off. */
export async function sumBilledByMonth(db: Kysely<DB>, firmId: number, range: { from: string; to: string }) {
  const { rows } = await sql<ReportRow>`
    select substr(i.invoice_date, 1, 7) as key, null as label, count(*) as invoices,
      sum(${SIGN} * i.taxable_paise) as taxable,
      sum(${SIGN} * (i.cgst_paise + i.local_paise + i.igst_paise)) as tax
    from invoices i
    where i.firm_id = ${firmId} and i.status in (${BILLED})
      and i.invoice_date >= ${range.from} and i.invoice_date <= ${range.to}
    group by substr(i.invoice_date, 1, 7)
    order by key`.execute(db);
  return rows;
}

/**
 * What a firm billed by the lines' service or assignee: a line's service is that of the first work item it
 * bills or of the fee period it bills; its assignee the first work item's (none: "Not assigned").
 */
export async function sumBilledByLine(
  db: Kysely<DB>,
  firmId: number,
  range: { from: string; to: string },
  by: 'service' | 'assignee',
) {
  const [key, label, join]: RawBuilder<unknown>[] =
    by === 'service'
      ? [sql`s.id`, sql`s.service_name`, sql`left join services s on s.id = coalesce(w.service_id, p.service_id)`]
      : [
          sql`a.id`,
          sql`a.first_name || ' ' || coalesce(a.last_name, '')`,
          sql`left join users a on a.id = w.assignee_id`,
        ];
  const { rows } = await sql<ReportRow>`
    select ${key} as key, ${label} as label, count(distinct i.id) as invoices,
      sum(${SIGN} * l.taxable_paise) as taxable,
      sum(${SIGN} * (l.cgst_paise + l.local_paise + l.igst_paise)) as tax
    from invoice_lines l
    join invoices i on i.id = l.invoice_id
    left join work_items w on w.id = (select min(bw.work_item_id) from invoice_billed_work bw where bw.line_id = l.id)
    left join invoice_billed_periods p on p.line_id = l.id
    ${join}
    where i.firm_id = ${firmId} and i.status in (${BILLED})
      and i.invoice_date >= ${range.from} and i.invoice_date <= ${range.to}
    group by ${key}, ${label}`.execute(db);
  return rows;
}

/** Every line of the firm's invoices and credit notes dated in a return period, with what GSTR-1 asks. */
export function listSupplyLines(db: Kysely<DB>, firmId: number, range: { from: string; to: string }) {
  return (
    db
      .selectFrom('invoice_lines as l')
      .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
      .innerJoin('users as client', 'client.id', 'i.client_id')
      // The invoice as issued (a credit note's, the invoice it reduces): its recipient's GSTIN then.
      .leftJoin('invoices as issued', (join) =>
        join.on((eb) => eb('issued.id', '=', eb.fn.coalesce('i.credit_of', 'i.id'))),
      )
      .select([
        'issued.issued_parties',
        'i.id as invoice_id',
        'i.kind',
        'i.number',
        'i.invoice_date',
        'i.total_paise',
        'i.supply_kind',
        'i.place_of_supply',
        'client.gst_number',
        'client.first_name',
        'client.last_name',
        'l.sac',
        'l.description',
        'l.gst_rate_bp',
        'l.taxable_paise',
        'l.cgst_paise',
        'l.local_paise',
        'l.igst_paise',
      ])
      .where('i.firm_id', '=', firmId)
      .where('i.status', 'in', [...BILLED_STATUSES])
      .where('i.invoice_date', '>=', range.from)
      .where('i.invoice_date', '<=', range.to)
      .orderBy('i.invoice_date')
      .orderBy('i.id')
      .orderBy('l.position')
      .execute()
  );
}

export type SupplyLineRow = Awaited<ReturnType<typeof listSupplyLines>>[number];
