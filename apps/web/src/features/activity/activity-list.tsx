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
  const columns = ['When', 'Person', 'Action', ...(showClient ? ['Client'] : []), 'Target', 'Address'];
  return (
    <>
      <FailureAlert of={page} />
      <DataTable
        layout="rows"
        compact
        ariaLabel={label}
        columns={columns}
        rows={page.data?.data}
        loading={page.isPending}
        loadingLabel={`Loading ${label.toLowerCase()}`}
        emptyText="No activity found"
        renderRow={(event) => (
          <tr key={event.id}>
            <td className="text-nowrap fw-semibold">
              <time dateTime={event.created_at}>{formatIndianDateTime(event.created_at)}</time>
            </td>
            <td data-label="Person">
              <PersonCell event={event} />
            </td>
            <td data-label="Action">{event.action_label}</td>
            {showClient && <td data-label="Client">{event.client?.name ?? ''}</td>}
            <td data-label="Target" className="text-break">
              {describeAuditTarget(event.target)}
            </td>
            <td data-label="Address" className="text-break">
              {event.ip ?? ''}
            </td>
          </tr>
        )}
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
