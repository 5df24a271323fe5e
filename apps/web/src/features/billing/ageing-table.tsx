import { formatRupees } from '@portal/contract/billing-money';
import { AGEING_BUCKET_LABELS, AGEING_BUCKETS, type AgeingAmounts, type AgeingRow } from '@portal/contract/ledger';
import { formatIndianDate } from '@portal/contract/plain-dates';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../components/data-table';
import { FailureAlert } from '../../components/failure-alert';
import { ShowMoreButton } from '../../components/show-more-button';
import { TitledCard } from '../../components/titled-card';
import { useDocumentTitle } from '../../lib/document-title';
import { useAgeing } from './ledger-api';

/** A row of the table: the firm's totals (first), or a client's. */
type OutstandingRow = { totals: AgeingAmounts } | AgeingRow;

const amountsOf = (row: OutstandingRow): AgeingAmounts => ('totals' in row ? row.totals : row);

/** Each bucket's column, then the total's, right-aligned from the small breakpoint up. */
const AMOUNT_COLUMNS: DataColumn<OutstandingRow>[] = [
  ...AGEING_BUCKETS.map((bucket) => ({
    header: AGEING_BUCKET_LABELS[bucket],
    className: 'text-end',
    cellClassName: 'text-sm-end',
    cell: (row: OutstandingRow) => formatRupees(amountsOf(row)[bucket]),
  })),
  {
    header: 'Total',
    className: 'text-end',
    cellClassName: 'text-sm-end fw-semibold',
    cell: (row) => formatRupees(amountsOf(row).total),
  },
];

/**
 * The Outstanding section: what each client owes by days past the due date (today in India), the firm's
 * totals first; each client leads to its page, where its ledger is.
 */
export function AgeingTable({ role }: { role: string }) {
  useDocumentTitle('Outstanding');
  const ageing = useAgeing();
  const first = ageing.data?.pages[0];
  const rows = ageing.data?.pages.flatMap((page) => page.clients);
  return (
    <TitledCard title="Outstanding" heading="h2">
      {first && <p className="small text-muted">As of {formatIndianDate(first.as_of)}, by days past the due date.</p>}
      <FailureAlert of={ageing} />
      <DataTable
        layout="rows"
        ariaLabel="Outstanding by client"
        columns={[
          {
            header: 'Client',
            rowHeader: true,
            title: true,
            cell: (row) =>
              'totals' in row ? (
                'All clients'
              ) : (
                <Link to={`/${role}/client/detail/${row.client_id}#client-ledger-title`}>{row.client_name}</Link>
              ),
          },
          ...AMOUNT_COLUMNS,
        ]}
        rows={first && rows && rows.length > 0 ? [{ totals: first.totals }, ...rows] : rows}
        rowKey={(row) => ('totals' in row ? 'totals' : row.client_id)}
        rowClassName={(row) => ('totals' in row ? 'table-light' : undefined)}
        loading={ageing.isPending}
        loadingLabel="Loading the outstanding"
        emptyText="Nothing outstanding"
      />
      <ShowMoreButton pages={ageing} />
    </TitledCard>
  );
}
