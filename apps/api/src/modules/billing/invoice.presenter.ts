import type { SupplyKind } from '@portal/contract/billing-tax';
import { findInvoiceUpiLink } from '@portal/contract/billing-upi';
import type { CreditNote } from '@portal/contract/credit-notes';
import type { InvoiceEInvoice, InvoiceUpi } from '@portal/contract/invoice-documents';
import type { Invoice, InvoiceStatus } from '@portal/contract/invoices';
import type { Selectable } from 'kysely';
import { fullName } from '../../db/person-name.js';
import type { InvoicesTable } from '../../db/schema.js';
import { balanceDueOf } from './invoice-balance.repository.js';
import type { HeldPeriodRow, InvoiceLineRow, InvoiceRow } from './invoices.repository.js';

const presentPeriod = (held: HeldPeriodRow | undefined) =>
  held ? { service_id: held.service_id, period_key: held.period_key } : null;

type AmountColumns = 'taxable_paise' | 'cgst_paise' | 'local_paise' | 'igst_paise' | 'round_off_paise' | 'total_paise';

/** The tax split and total an invoice and a credit note both answer. */
const presentAmounts = (row: Pick<Selectable<InvoicesTable>, AmountColumns>) => ({
  taxable_paise: row.taxable_paise,
  cgst_paise: row.cgst_paise,
  local_paise: row.local_paise,
  igst_paise: row.igst_paise,
  round_off_paise: row.round_off_paise,
  total_paise: row.total_paise,
});

/** A credit note as its invoice lists it. */
function presentCreditNote(row: Selectable<InvoicesTable>, lines: InvoiceLineRow[]): CreditNote {
  return {
    id: row.id,
    number: row.number ?? '',
    credit_note_date: row.invoice_date,
    reason: row.credit_reason ?? '',
    ...presentAmounts(row),
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

/**
 * Whether the invoice is to be reported to an IRP (CGST Rules rule 48(4), notification 13/2020-Central Tax
 * as amended by 10/2023: aggregate turnover above Rs 5 crore, the profile's flag): an issued tax invoice
 * (not a draft, a cancelled one, or a bill of supply) to a client with a GSTIN.
 */
export function isIrnRequired(row: Pick<InvoiceRow, 'status' | 'supply_kind' | 'client_gstin' | 'firm_e_invoicing'>) {
  const taxInvoice = ['intra_state', 'inter_state', 'reverse_charge'].includes(row.supply_kind);
  const issued = row.status !== 'draft' && row.status !== 'cancelled';
  return row.firm_e_invoicing === 1 && issued && taxInvoice && Boolean(row.client_gstin);
}

/**
 * What to pay the invoice's balance due with by UPI (the QR the PDF and the client's page show), or null
 * (no UPI id in the profile, nothing due, a draft or a cancelled invoice).
 */
export function findUpiLinkOf(row: InvoiceRow): string | null {
  const profile = { upi_vpa: row.firm_upi_vpa, upi_payee: row.firm_upi_payee, legal_name: row.firm_legal_name ?? '' };
  return findInvoiceUpiLink(profile, row, balanceDueOf(row));
}

/**
 * An invoice as answered: its lines in order with the work items and fee period each bills, what settled
 * it, its credit notes, its e-invoice fields and the UPI link of its balance due.
 */
export function presentInvoice(
  row: InvoiceRow,
  lines: InvoiceLineRow[],
  billed: { line_id: number; work_item_id: number }[],
  creditNotes: Selectable<InvoicesTable>[] = [],
  periods: HeldPeriodRow[] = [],
): Invoice & InvoiceEInvoice & InvoiceUpi {
  return {
    id: row.id,
    client_id: row.client_id,
    client_name: fullName(row.client_first_name, row.client_last_name),
    status: row.status as InvoiceStatus,
    number: row.number,
    invoice_date: row.invoice_date,
    due_date: row.due_date,
    supply_kind: row.supply_kind as SupplyKind,
    place_of_supply: row.place_of_supply,
    local_head: row.local_head as Invoice['local_head'],
    ...presentAmounts(row),
    reverse_charge_paise: row.reverse_charge_paise,
    paid_paise: row.paid_paise,
    tds_paise: row.tds_paise,
    credited_paise: row.credited_paise,
    balance_paise: balanceDueOf(row),
    notes: row.notes,
    cancel_reason: row.cancel_reason,
    irn_required: isIrnRequired(row),
    irn: row.irn,
    irn_ack_number: row.irn_ack_number,
    irn_ack_date: row.irn_ack_date,
    upi_link: findUpiLinkOf(row),
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
