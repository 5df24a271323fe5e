import { formatPaiseAsRupees } from '@portal/contract/billing-reports';
import { INVOICE_STATUS_LABELS, type InvoiceFilterQuery, MAX_INVOICE_EXPORT } from '@portal/contract/invoices';
import { formatIndianDate, indianDateOf } from '@portal/contract/plain-dates';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { readKeysetBatches } from '../../db/keyset-batches.js';
import { fullName } from '../../db/person-name.js';
import type { CsvDownload } from '../../http/send-csv.js';
import { type InvoiceRow, listInvoicesOfFirm } from './invoices.repository.js';
import { billingFirmOf, filtersOf } from './invoices.service.js';

const EXPORT_BATCH = 500;

export const INVOICE_CSV_HEADER = [
  'Number',
  'Invoice date',
  'Due date',
  'Client',
  'Status',
  'Place of supply',
  'Taxable value',
  'CGST',
  'SGST/UTGST',
  'IGST',
  'Round off',
  'Total',
] as const;

function presentInvoiceCells(row: InvoiceRow): string[] {
  return [
    row.number ?? '',
    formatIndianDate(row.invoice_date),
    formatIndianDate(row.due_date),
    fullName(row.client_first_name, row.client_last_name),
    INVOICE_STATUS_LABELS[row.status as keyof typeof INVOICE_STATUS_LABELS] ?? row.status,
    row.place_of_supply ?? '',
    ...[row.taxable_paise, row.cgst_paise, row.local_paise, row.igst_paise, row.round_off_paise, row.total_paise].map(
      (paise) => formatPaiseAsRupees(Number(paise)),
    ),
  ];
}

/**
 * `GET /api/invoices/export.csv`: the list's invoices with its filters, newest first, read a batch at a
 * time by the same keyset and written as they come; at most `MAX_INVOICE_EXPORT` (narrow the filters).
 */
export function exportInvoices(context: AppContext, actor: Actor, query: InvoiceFilterQuery): CsvDownload {
  const firmId = billingFirmOf(actor);
  const filters = filtersOf(context, query);
  async function* readAll(): AsyncGenerator<string[]> {
    const batches = readKeysetBatches(
      { size: EXPORT_BATCH, max: MAX_INVOICE_EXPORT, after: query.before },
      (beforeId: number | undefined, limit) =>
        listInvoicesOfFirm(context.db, firmId, { ...filters, beforeId: beforeId ?? null, limit }),
      (last) => last.id,
    );
    for await (const rows of batches) for (const row of rows) yield presentInvoiceCells(row);
  }
  const fileName = `invoices-${indianDateOf(context.clock.now())}.csv`;
  return { fileName, header: INVOICE_CSV_HEADER, rows: readAll() };
}
