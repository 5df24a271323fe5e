import { ACCEPTANCE_FILTER_LABELS, type AcceptanceFilter, CONSENT_STATUS_LABELS } from '@portal/contract/privacy';
import { ROLES } from '@portal/contract/roles';
import { useState } from 'react';
import { PagedTable } from '../../components/paged-table';
import { ShowChoice } from '../../components/show-choice';
import { formatDateTime } from '../../lib/format';
import { useAcceptances } from './privacy-api';

const roleLabel = (role: string) => ROLES.find((entry) => entry.name === role)?.label ?? role;

/**
 * Who accepted which version, when and from where, newest first; or those of the firm yet to accept
 * the version in force (never accepted, or withdrawn, first). Page by page ("Show more").
 */
export function AcceptancesList() {
  const [filter, setFilter] = useState<AcceptanceFilter>('all');
  const list = useAcceptances(filter);
  return (
    <>
      <ShowChoice id="acceptances-filter" value={filter} labels={ACCEPTANCE_FILTER_LABELS} onChoose={setFilter} />
      <PagedTable
        ariaLabel="Acceptances"
        columns={[
          { header: 'Name', cell: (row) => row.person.name, title: true },
          { header: 'Role', cell: (row) => roleLabel(row.person.role) },
          { header: 'Status', cell: (row) => CONSENT_STATUS_LABELS[row.status] },
          { header: 'Version', cell: (row) => row.version ?? 'None' },
          { header: 'When (IST)', cell: (row) => formatDateTime(row.at) },
          { header: 'From', cellClassName: 'text-break', cell: (row) => row.ip ?? '' },
        ]}
        list={list}
        loadingLabel="Loading the acceptances"
        emptyText={filter === 'pending' ? 'Everyone has accepted the version in force.' : 'No records found'}
        rowKey={(row) => row.key}
      />
    </>
  );
}
