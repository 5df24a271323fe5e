import { DSC_CLASS_LABELS, DSC_EXPIRY_WINDOW_DAYS } from '@portal/contract/registers';
import type { RoleName } from '@portal/contract/roles';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { ShowMoreButton } from '../../components/show-more-button';
import { TitledCard } from '../../components/titled-card';
import { DscCustody, DscExpiry } from './dsc-badges';
import { useDscRegister } from './registers-api';

type DscRegisterProps = { role: RoleName; days: number | null; onDays: (days: number | null) => void };

/** The firm's certificates the viewer keeps, soonest expiry first; expiring within 30 days, or all. */
export function DscRegister({ role, days, onDays }: DscRegisterProps) {
  const list = useDscRegister(days);
  const rows = list.data?.pages.flatMap((page) => page.data);
  return (
    <TitledCard title="DSC register" heading="h2">
      <Form.Group className="mb-3" controlId="dsc-window">
        <Form.Label>Show</Form.Label>
        <Form.Select
          className="w-auto"
          value={days === null ? 'all' : 'soon'}
          onChange={(event) => onDays(event.target.value === 'all' ? null : DSC_EXPIRY_WINDOW_DAYS)}
        >
          <option value="soon">Expiring in {DSC_EXPIRY_WINDOW_DAYS} days (and expired)</option>
          <option value="all">All certificates</option>
        </Form.Select>
      </Form.Group>
      <DataTable
        layout="rows"
        ariaLabel="DSC register"
        columns={[
          { header: 'Client' },
          { header: 'Holder' },
          { header: 'Class' },
          { header: 'Valid until' },
          { header: 'Kept by' },
        ]}
        rows={rows}
        loading={list.isPending}
        loadingLabel="Loading certificates"
        renderRow={(dsc) => (
          <tr key={dsc.id}>
            <td className="fw-semibold">
              <Link to={`/${role}/client/detail/${dsc.client_id}`}>{dsc.client_name}</Link>
            </td>
            <td data-label="Holder">{dsc.holder_name}</td>
            <td data-label="Class">{DSC_CLASS_LABELS[dsc.class]}</td>
            <td data-label="Valid until">
              <DscExpiry dsc={dsc} />
            </td>
            <td data-label="Kept by">
              <DscCustody dsc={dsc} />
            </td>
          </tr>
        )}
      />
      <ShowMoreButton hasMore={list.hasNextPage} busy={list.isFetchingNextPage} onMore={list.fetchNextPage} />
    </TitledCard>
  );
}
