import { formatRupees } from '@portal/contract/billing-money';
import { AGEING_BUCKET_LABELS, AGEING_BUCKETS, type AgeingAmounts } from '@portal/contract/ledger';
import { formatIndianDate } from '@portal/contract/plain-dates';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { FailureAlert } from '../../components/failure-alert';
import { ShowMoreButton } from '../../components/show-more-button';
import { TitledCard } from '../../components/titled-card';
import { useDocumentTitle } from '../../lib/document-title';
import { useAgeing } from './ledger-api';

/** The amount cells of a row: each bucket, then the total. */
function AmountCells({ amounts }: { amounts: AgeingAmounts }) {
  return (
    <>
      {AGEING_BUCKETS.map((bucket) => (
        <td key={bucket} data-label={AGEING_BUCKET_LABELS[bucket]} className="text-sm-end">
          {formatRupees(amounts[bucket])}
        </td>
      ))}
      <td data-label="Total" className="text-sm-end fw-semibold">
        {formatRupees(amounts.total)}
      </td>
    </>
  );
}

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
          'Client',
          ...AGEING_BUCKETS.map((bucket) => ({ header: AGEING_BUCKET_LABELS[bucket], className: 'text-end' })),
          { header: 'Total', className: 'text-end' },
        ]}
        rows={first && rows && rows.length > 0 ? [null, ...rows] : rows}
        loading={ageing.isPending}
        loadingLabel="Loading the outstanding"
        emptyText="Nothing outstanding"
        renderRow={(row) =>
          row === null ? (
            first && (
              <tr key="totals" className="table-light">
                <th scope="row">All clients</th>
                <AmountCells amounts={first.totals} />
              </tr>
            )
          ) : (
            <tr key={row.client_id}>
              <td className="fw-semibold">
                <Link to={`/${role}/client/detail/${row.client_id}#client-ledger-title`}>{row.client_name}</Link>
              </td>
              <AmountCells amounts={row} />
            </tr>
          )
        }
      />
      <ShowMoreButton hasMore={ageing.hasNextPage} busy={ageing.isFetchingNextPage} onMore={ageing.fetchNextPage} />
    </TitledCard>
  );
}
