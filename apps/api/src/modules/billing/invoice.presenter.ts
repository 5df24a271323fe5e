import type { SupplyKind } from '@portal/contract/billing-tax';
import type { CreditNote } from '@portal/contract/credit-notes';
import type { Invoice, InvoiceStatus } from '@portal/contract/invoices';
import type { Selectable } from 'kysely';
import type { InvoicesTable } from '../../db/schema.js';
import type { HeldPeriodRow, InvoiceLineRow, InvoiceRow } from './invoices.repository.js';

const presentPeriod = (held: HeldPeriodRow | undefined) =>
  held ? { service_id: held.service_id, period_key: held.period_key } : null;

/** A credit note as its invoice lists it. */
function presentCreditNote(row: Selectable<InvoicesTable>, lines: InvoiceLineRow[]): CreditNote {
  return {
    id: row.id,
    number: row.number ?? '',
    credit_note_date: row.invoice_date,
    reason: row.credit_reason ?? '',
    taxable_paise: row.taxable_paise,
    cgst_paise: row.cgst_paise,
    local_paise: row.local_paise,
    igst_paise: row.igst_paise,
    round_off_paise: row.round_off_paise,
    total_paise: row.total_paise,
    lines: lines
      .filter((line) => line.invoice_id === row.id)
      .map((line) => ({
        description: line.description,
        sac: line.sac,
        gst_rate_bp: line.gst_rate_bp,
        taxable_paise: line.taxable_paise,
      })),
  };
}

/** An invoice as answered, its lines in order with the work items each bills, what settled it, its credit notes. */
export function presentInvoice(
  row: InvoiceRow,
  lines: InvoiceLineRow[],
  billed: { line_id: number; work_item_id: number }[],
  creditNotes: Selectable<InvoicesTable>[] = [],
  periods: HeldPeriodRow[] = [],
): Invoice {
  return {
    id: row.id,
    client_id: row.client_id,
    client_name: `${row.client_first_name} ${row.client_last_name ?? ''}`.trim(),
    status: row.status as InvoiceStatus,
    number: row.number,
    invoice_date: row.invoice_date,
    due_date: row.due_date,
    supply_kind: row.supply_kind as SupplyKind,
    place_of_supply: row.place_of_supply,
    local_head: row.local_head as Invoice['local_head'],
    taxable_paise: row.taxable_paise,
    cgst_paise: row.cgst_paise,
    local_paise: row.local_paise,
    igst_paise: row.igst_paise,
    round_off_paise: row.round_off_paise,
    total_paise: row.total_paise,
    reverse_charge_paise: row.reverse_charge_paise,
    paid_paise: row.paid_paise,
    tds_paise: row.tds_paise,
    credited_paise: row.credited_paise,
    balance_paise:
      row.status === 'draft' || row.status === 'cancelled'
        ? 0
        : row.total_paise - row.paid_paise - row.tds_paise - row.credited_paise,
    notes: row.notes,
    cancel_reason: row.cancel_reason,
    lines: lines
      .filter((line) => line.invoice_id === row.id)
      .map(({ invoice_id: _invoice, position: _position, ...line }) => ({
        ...line,
        work_item_ids: billed.filter((entry) => entry.line_id === line.id).map((entry) => entry.work_item_id),
        period: presentPeriod(periods.find((entry) => entry.line_id === line.id)),
      })),
    credit_notes: creditNotes.filter((note) => note.credit_of === row.id).map((note) => presentCreditNote(note, lines)),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
