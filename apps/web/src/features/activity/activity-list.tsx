import { type AuditEvent, type AuditFilterInput, describeAuditTarget } from '@portal/contract/audit';
import { formatIndianDateTime } from '@portal/contract/plain-dates';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { FailureAlert } from '../../components/failure-alert';
import { Pager } from '../../components/pager';
import { useActivityPage } from './activity-api';

type ActivityListProps = {
  filters: AuditFilterInput;
  limit: number;
  /** The Client column (not on a client's own page, where every row is that client). */
  showClient: boolean;
  label: string;
};

const ROLE_WORDS: Record<string, string> = {
  admin: 'Admin',
  mpc: 'MPC',
  pc: 'PC',
  executor: 'Executor',
  client: 'Client',
};

function PersonCell({ event }: { event: AuditEvent }) {
  if (!event.actor) return <span className="text-muted">No account</span>;
  return (
    <>
      {event.actor.name} <span className="text-muted small">({ROLE_WORDS[event.actor.role] ?? event.actor.role})</span>
    </>
  );
}

/**
 * Events newest first, a page at a time, asked by number so the pager can jump (first, last, any page
 * near); new filters start again at page 1 (the caller keys this list by its filters).
 */
export function ActivityList({ filters, limit, showClient, label }: ActivityListProps) {
  const [number, setNumber] = useState(1);
  const page = useActivityPage(filters, number, limit);
  const lastPage = page.data?.last_page ?? 1;
  return (
    <>
      <FailureAlert of={page} />
      <DataTable
        layout="rows"
        compact
        ariaLabel={label}
        columns={[
          {
            header: 'When',
            cellClassName: 'text-nowrap',
            cell: (event) => <time dateTime={event.created_at}>{formatIndianDateTime(event.created_at)}</time>,
            title: true,
          },
          { header: 'Person', cell: (event) => <PersonCell event={event} /> },
          { header: 'Action', cell: (event) => event.action_label },
          showClient && { header: 'Client', cell: (event) => event.client?.name ?? '' },
          { header: 'Target', cellClassName: 'text-break', cell: (event) => describeAuditTarget(event.target) },
          { header: 'Address', cellClassName: 'text-break', cell: (event) => event.ip ?? '' },
        ]}
        rows={page.data?.data}
        loading={page.isPending}
        loadingLabel={`Loading ${label.toLowerCase()}`}
        emptyText="No activity found"
      />
      <Pager
        page={number}
        lastPage={lastPage}
        onChange={setNumber}
        label={`${label} pages`}
        total={page.data?.total ?? 0}
        perPage={limit}
      />
    </>
  );
}
