import {
  ACCEPTANCE_FILTER_LABELS,
  ACCEPTANCE_FILTERS,
  type AcceptanceFilter,
  CONSENT_STATUS_LABELS,
} from '@portal/contract/privacy';
import { ROLES } from '@portal/contract/roles';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { PagedTable } from '../../components/paged-table';
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
      <Form.Group className="mb-3" controlId="acceptances-filter">
        <Form.Label>Show</Form.Label>
        <Form.Select
          className="w-auto"
          value={filter}
          onChange={(event) => setFilter(event.target.value as AcceptanceFilter)}
        >
          {ACCEPTANCE_FILTERS.map((value) => (
            <option key={value} value={value}>
              {ACCEPTANCE_FILTER_LABELS[value]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <PagedTable
        ariaLabel="Acceptances"
        columns={['Name', 'Role', 'Status', 'Version', 'When (IST)', 'From']}
        list={list}
        loadingLabel="Loading the acceptances"
        emptyText={filter === 'pending' ? 'Everyone has accepted the version in force.' : 'No records found'}
        renderRow={(row) => (
          <tr key={row.key}>
            <td className="fw-semibold">{row.person.name}</td>
            <td data-label="Role">{roleLabel(row.person.role)}</td>
            <td data-label="Status">{CONSENT_STATUS_LABELS[row.status]}</td>
            <td data-label="Version">{row.version ?? 'None'}</td>
            <td data-label="When (IST)">{formatDateTime(row.at)}</td>
            <td data-label="From" className="text-break">
              {row.ip ?? ''}
            </td>
          </tr>
        )}
      />
    </>
  );
}
