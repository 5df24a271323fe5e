import { formatRupees } from '@portal/contract/billing-money';
import type { LedgerEntry } from '@portal/contract/ledger';
import { formatIndianDate } from '@portal/contract/plain-dates';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { PagedTable } from '../../components/paged-table';
import { SectionCard } from '../../components/section-card';
import { AMOUNT_COLUMN } from './amount-column';
import { useClientLedger } from './ledger-api';

/** A balance as words a person reads: owed, or in credit. */
export function describeBalance(balancePaise: number): string {
  return balancePaise < 0 ? `In credit ${formatRupees(-balancePaise)}` : `Balance ${formatRupees(balancePaise)}`;
}

/**
 * Where an entry's number leads: its invoice (a credit note is listed on its invoice's page) or receipt;
 * the client reads its invoices under its Invoices tab (its receipts have no page of their own).
 */
function pathOf(role: string, entry: LedgerEntry): string | null {
  if (role === 'client') return entry.kind === 'invoice' ? `/client/invoices/${entry.id}` : null;
  if (entry.kind === 'invoice') return `/${role}/billing/invoices/${entry.id}`;
  if (entry.kind === 'receipt' || entry.kind === 'tds') return `/${role}/billing/receipts/${entry.id}`;
  return null;
}

/**
 * A client's ledger, on its page for the staff who bill and on its own Invoices tab: its balance and advance, then each issued invoice,
 * credit note, receipt and TDS in date order with the running balance, "Show more" for older clients.
 */
export function ClientLedgerSection({ clientId, role }: { clientId: number; role: string }) {
  const ledger = useClientLedger(clientId);
  const first = ledger.data?.pages[0];
  return (
    <SectionCard id="client-ledger-title" title="Ledger" className="mb-3">
      <Card.Body>
        <FailureAlert of={ledger} />
        {first && (
          <p className="fw-semibold" data-testid="ledger-balance">
            {describeBalance(first.balance_paise)}
            <span className="fw-normal text-muted"> · advance left {formatRupees(first.advance_paise)}</span>
          </p>
        )}
        <PagedTable
          ariaLabel="Ledger"
          columns={[
            { header: 'Date', cell: (entry) => formatIndianDate(entry.date), title: true },
            { header: 'Entry', cell: (entry) => entry.description },
            {
              header: 'Number',
              cell: (entry) => {
                const path = pathOf(role, entry);
                return path ? <Link to={path}>{entry.number}</Link> : entry.number;
              },
            },
            {
              header: 'Debit',
              ...AMOUNT_COLUMN,
              cell: (entry) => (entry.debit_paise ? formatRupees(entry.debit_paise) : ''),
            },
            {
              header: 'Credit',
              ...AMOUNT_COLUMN,
              cell: (entry) => (entry.credit_paise ? formatRupees(entry.credit_paise) : ''),
            },
            { header: 'Balance', ...AMOUNT_COLUMN, cell: (entry) => formatRupees(entry.balance_paise) },
          ]}
          list={ledger}
          loadingLabel="Loading the ledger"
          emptyText="Nothing billed or received yet"
          rowKey={(entry) => `${entry.kind}-${entry.id}`}
        />
      </Card.Body>
    </SectionCard>
  );
}
