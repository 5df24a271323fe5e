import { formatIndianDate } from '@portal/contract/plain-dates';
import type { RoleName } from '@portal/contract/roles';
import { UDIN_DEADLINE_DAYS } from '@portal/contract/udin';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import { RegisterCard } from './register-card';
import { useUdinRegister } from './registers-api';

type Filter = 'all' | 'missing' | 'overdue';
type UdinRegisterProps = { role: RoleName; filter: Filter; onFilter: (filter: Filter) => void };

const FILTER_LABELS: Record<Filter, string> = {
  all: 'All signed work',
  missing: 'UDIN missing',
  overdue: `UDIN missing past ${UDIN_DEADLINE_DAYS} days`,
};

/** The firm's signed work the viewer sees, newest signing first, its UDIN or "Missing" / "Overdue". */
export function UdinRegister({ role, filter, onFilter }: UdinRegisterProps) {
  const list = useUdinRegister(filter);
  return (
    <div className="mt-4">
      <RegisterCard
        title="UDIN register"
        intro={
          <p className="small text-muted">
            ICAI allows a UDIN to be generated up to {UDIN_DEADLINE_DAYS} days after signing, both days counted.
          </p>
        }
        show={{ id: 'udin-filter', value: filter, labels: FILTER_LABELS, onChoose: onFilter }}
        list={list}
        columns={[
          { header: 'Work', cell: (row) => <Link to={`/${role}/work/${row.work_id}`}>{row.title}</Link>, title: true },
          { header: 'Client', cell: (row) => row.client_name },
          { header: 'Signed on', cell: (row) => formatIndianDate(row.signed_on) },
          {
            header: 'UDIN',
            cellClassName: 'text-break',
            cell: (row) =>
              row.udin ?? (
                <Badge bg={row.overdue ? 'danger' : 'warning'} text={row.overdue ? undefined : 'dark'}>
                  {row.overdue ? 'Overdue' : 'Missing'}
                </Badge>
              ),
          },
          { header: 'Deadline', cell: (row) => formatIndianDate(row.deadline) },
        ]}
        loadingLabel="Loading the UDIN register"
        rowKey={(row) => row.work_id}
      />
    </div>
  );
}
