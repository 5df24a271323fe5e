import { formatRupees } from '@portal/contract/billing-money';
import type { Invoice } from '@portal/contract/invoices';
import { formatIndianDate } from '@portal/contract/plain-dates';
import { AmountRows } from './amount-rows';

/**
 * What settled the invoice so far: received, TDS deducted by the client, credited by credit notes, and the
 * balance left; then its credit notes, each with its number, date, reason and amount.
 */
export function InvoiceSettlement({ invoice }: { invoice: Invoice }) {
  if (invoice.status === 'draft' || invoice.status === 'cancelled') return null;
  const rows: [string, number][] = [
    ['Received', invoice.paid_paise],
    ['TDS deducted by the client', invoice.tds_paise],
    ['Credited', invoice.credited_paise],
  ];
  const settled = rows.filter(([, paise]) => paise > 0);
  return (
    <section aria-label="Payments" className="mb-3">
      <dl className="mb-2">
        <AmountRows rows={settled.map(([label, paise]) => [label, formatRupees(paise)] as const)} />
        <div className="d-flex justify-content-between gap-3 fw-bold">
          <dt>Balance due</dt>
          <dd className="mb-0 text-end" data-testid="invoice-balance">
            {formatRupees(invoice.balance_paise)}
          </dd>
        </div>
      </dl>
      {invoice.credit_notes.length > 0 && (
        <>
          <h3 className="h6 mt-3">Credit notes</h3>
          <ul className="list-unstyled mb-0">
            {invoice.credit_notes.map((note) => (
              <li key={note.id} className="mb-1">
                <span className="fw-semibold">{note.number}</span> of {formatIndianDate(note.credit_note_date)}:{' '}
                {formatRupees(note.total_paise)} — {note.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
