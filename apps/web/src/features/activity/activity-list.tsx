import { type AuditEvent, type AuditFilterInput, describeAuditTarget } from '@portal/contract/audit';
import { formatIndianDateTime } from '@portal/contract/plain-dates';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { MessageAlert } from '../../components/message-alert';
import { Pager } from '../../components/pager';
import { readApiError } from '../../lib/api-error';
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
 * Events newest first, a page at a time. The server pages by cursor, so the pager walks forward with
 * each page's `next` and back through the cursors already seen; new filters start again at page 1
 * (the caller keys this list by its filters).
 */
export function ActivityList({ filters, limit, showClient, label }: ActivityListProps) {
  const [cursors, setCursors] = useState<string[]>([]);
  const page = useActivityPage(filters, cursors.at(-1), limit);
  const number = cursors.length + 1;
  const next = page.data?.next ?? null;
  const go = (target: number) => {
    // Until the page asked for arrives, the shown one is the old page: its `next` is not the way on.
    if (page.isPlaceholderData) return;
    if (target > number && next) setCursors([...cursors, next]);
    else if (target < number) setCursors(cursors.slice(0, target - 1));
  };
  const columns = [
    { header: 'When' },
    { header: 'Person' },
    { header: 'Action' },
    ...(showClient ? [{ header: 'Client' }] : []),
    { header: 'Target' },
    { header: 'Address' },
  ];
  return (
    <>
      {page.isError && <MessageAlert variant="danger" messages={readApiError(page.error).message} />}
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
      <Pager page={number} lastPage={next ? number + 1 : number} onChange={go} label={`${label} pages`} />
    </>
  );
}
