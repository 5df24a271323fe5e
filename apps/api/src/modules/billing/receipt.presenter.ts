import { type Receipt, type ReceiptMode, tdsSectionOn } from '@portal/contract/receipts';
import { fullName } from '../../db/person-name.js';
import type { AllocationRow, ReceiptRow } from './receipts.repository.js';

/** A receipt as answered, with its allocations (oldest first) and what is left of it as an advance. */
export function presentReceipt(row: ReceiptRow, allocations: AllocationRow[], warnings: string[] = []): Receipt {
  return {
    id: row.id,
    client_id: row.client_id,
    client_name: fullName(row.client_first_name, row.client_last_name),
    number: row.number,
    receipt_date: row.receipt_date,
    amount_paise: row.amount_paise,
    tds_paise: row.tds_paise,
    tds_section: tdsSectionOn(row.receipt_date),
    allocated_paise: row.allocated_paise,
    advance_paise: row.status === 'active' ? row.amount_paise + row.tds_paise - row.allocated_paise : 0,
    mode: row.mode as ReceiptMode,
    reference: row.reference,
    notes: row.notes,
    status: row.status as Receipt['status'],
    cancel_reason: row.cancel_reason,
    allocations: allocations
      .filter((entry) => entry.receipt_id === row.id)
      .map((entry) => ({
        invoice_id: entry.invoice_id,
        invoice_number: entry.invoice_number,
        amount_paise: entry.amount_paise,
        tds_paise: entry.tds_paise,
        created_at: entry.created_at,
      })),
    warnings,
    created_at: row.created_at,
  };
}
