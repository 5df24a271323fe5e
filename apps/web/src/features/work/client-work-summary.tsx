import { formatIndianDate } from '@portal/contract/plain-dates';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { SectionCard } from '../../components/section-card';
import { useRequestList } from './request-api';
import { useWorkList } from './work-api';

type ClientWorkSummaryProps = { clientId: number; workPath: string };

/**
 * A client's work in four figures on its detail page (open items, overdue, the next due date, open
 * requests), each read as a one-row page of the lists the Work tab shows, leading there.
 */
export function ClientWorkSummary({ clientId, workPath }: ClientWorkSummaryProps) {
  const open = useWorkList({ client_id: clientId, status: 'open', limit: 1 });
  const overdue = useWorkList({ client_id: clientId, status: 'open', overdue: '1', limit: 1 });
  const requests = useRequestList({ client_id: clientId, limit: 1 });
  const next = open.data?.data[0];
  const figures = [
    { label: 'Open items', value: open.data?.total },
    { label: 'Overdue', value: overdue.data?.total, danger: (overdue.data?.total ?? 0) > 0 },
    { label: 'Next due', value: open.data ? (next ? formatIndianDate(next.due_date) : 'Nothing due') : undefined },
    { label: 'Open requests', value: requests.data?.total },
  ];
  return (
    <SectionCard
      id="client-work-title"
      title="Work"
      className="mb-3"
      aside={<Link to={workPath}>Open the Work tab</Link>}
    >
      <Card.Body>
        <dl className="row row-cols-2 row-cols-md-4 g-2 mb-0 small">
          {figures.map((figure) => (
            <div key={figure.label} className="col">
              <dt className="text-muted fw-normal">{figure.label}</dt>
              <dd className={`fs-5 mb-0 ${figure.danger ? 'text-danger fw-semibold' : ''}`}>{figure.value ?? '…'}</dd>
            </div>
          ))}
        </dl>
      </Card.Body>
    </SectionCard>
  );
}
