import {
  RIGHTS_KIND_LABELS,
  RIGHTS_KINDS,
  RIGHTS_QUEUE_STATUSES,
  RIGHTS_STATUS_LABELS,
  type RightsKind,
  type RightsQueueStatus,
} from '@portal/contract/rights-requests';
import type { ReactNode } from 'react';
import Row from 'react-bootstrap/Row';
import { Link, useSearchParams } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { FilterSelect } from '../../components/filter-select';
import { OverdueOnlyCheck } from '../../components/overdue-only-check';
import { PagedTable } from '../../components/paged-table';
import { SelectOptions, toLabelledOptions } from '../../components/select-options';
import { TitledCard } from '../../components/titled-card';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate } from '../../lib/format';
import { type QueueFilters, useRightsQueue } from './rights-api';
import { RightsDue, RightsStatusBadge } from './rights-badges';

const STATUS_OPTIONS = toLabelledOptions(RIGHTS_QUEUE_STATUSES, {
  open: 'Open (received or in progress)',
  ...RIGHTS_STATUS_LABELS,
  all: 'All',
});
const KIND_OPTIONS = [{ value: '', label: 'Any kind' }, ...toLabelledOptions(RIGHTS_KINDS, RIGHTS_KIND_LABELS)];

/** The filters the address holds (`status`, `kind`, `overdue`), so a filtered queue can be bookmarked. */
function readFilters(params: URLSearchParams): QueueFilters {
  const status = RIGHTS_QUEUE_STATUSES.find((value) => value === params.get('status')) ?? 'open';
  const kind = RIGHTS_KINDS.find((value) => value === params.get('kind')) ?? '';
  return { status, kind, overdue: params.get('overdue') === 'true' };
}

/**
 * "Data requests" (issue 25): the firm's clients' rights requests, open ones soonest due first, with the
 * day each is due and whether it is overdue; each opens its page where staff act on it.
 */
export function RightsQueuePage({ role, settings }: { role: 'mpc' | 'pc'; settings?: ReactNode }) {
  useDocumentTitle('Data requests');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const queue = useRightsQueue(filters);
  const apply = (next: Partial<QueueFilters>) => {
    const merged = { ...filters, ...next };
    setParams({
      ...(merged.status !== 'open' ? { status: merged.status } : {}),
      ...(merged.kind ? { kind: merged.kind } : {}),
      ...(merged.overdue ? { overdue: 'true' } : {}),
    });
  };
  return (
    <>
      <TitledCard title="Data requests">
        <p>
          What your clients asked about their personal data. Answer each by its due day: a grievance within 90 days, the
          rest within your firm's period.
        </p>
        <Row className="g-3 mb-3 align-items-end">
          <FilterSelect
            id="rights-status"
            label="Status"
            value={filters.status}
            lg={4}
            onChoose={(value) => apply({ status: value as RightsQueueStatus })}
          >
            <SelectOptions options={STATUS_OPTIONS} />
          </FilterSelect>
          <FilterSelect
            id="rights-kind"
            label="Kind"
            value={filters.kind}
            lg={3}
            onChoose={(value) => apply({ kind: value as RightsKind | '' })}
          >
            <SelectOptions options={KIND_OPTIONS} />
          </FilterSelect>
          <OverdueOnlyCheck id="rights-overdue" checked={filters.overdue} onCheck={(overdue) => apply({ overdue })} />
        </Row>
        <FailureAlert of={queue} />
        <PagedTable
          ariaLabel="Data requests"
          columns={[
            {
              header: 'Client',
              cell: (request) => <Link to={`/${role}/data-requests/${request.id}`}>{request.client.name}</Link>,
              title: true,
            },
            { header: 'Request', cell: (request) => RIGHTS_KIND_LABELS[request.kind] },
            { header: 'Received', cell: (request) => formatDate(request.received_at) },
            { header: 'Due', cell: (request) => <RightsDue request={request} /> },
            { header: 'Status', cell: (request) => <RightsStatusBadge status={request.status} /> },
          ]}
          list={queue}
          loadingLabel="Loading data requests"
        />
      </TitledCard>
      {settings && <div className="mt-3">{settings}</div>}
    </>
  );
}
