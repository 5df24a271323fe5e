import type { RoleName } from '@portal/contract/roles';
import { WORK_STATUS_LABELS, WORK_STATUSES, type WorkItem, type WorkItemSummary } from '@portal/contract/work';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { DueDate } from './work-status';

type WorkBoardProps = {
  role: RoleName;
  rows: (WorkItem | WorkItemSummary)[] | undefined;
  loading: boolean;
  total: number;
  /** More items than `total` match the search (its count stops at a cap). */
  totalCapped?: boolean;
};

/**
 * The same items as the list, a column per status (the statuses the filters leave), earliest due first in
 * each; a phone shows the columns one under another. At most 100 items: the list pages through more.
 */
export function WorkBoard({ role, rows, loading, total, totalCapped = false }: WorkBoardProps) {
  if (loading) return <Spinner animation="border" role="status" aria-label="Loading work" />;
  const items = rows ?? [];
  const columns = WORK_STATUSES.filter((status) => items.some((item) => item.status === status));
  if (columns.length === 0) return <p className="text-muted">No work matches these filters.</p>;
  return (
    <>
      {total > items.length && (
        <p className="small text-muted">
          The board shows the first {items.length} of {totalCapped ? 'more than ' : ''}
          {total.toLocaleString('en-IN')} items; narrow the filters or use the list for the rest.
        </p>
      )}
      <div className="work-board">
        {columns.map((status) => {
          const inColumn = items.filter((item) => item.status === status);
          return (
            <Card as="section" key={status} aria-label={WORK_STATUS_LABELS[status]} className="work-board-column">
              <Card.Header className="bg-white">
                <h2 className="h6 mb-0">
                  {WORK_STATUS_LABELS[status]} <span className="text-muted">({inColumn.length})</span>
                </h2>
              </Card.Header>
              <ListGroup variant="flush">
                {inColumn.map((item) => (
                  <ListGroup.Item key={item.id} className={item.overdue ? 'border-start border-danger border-3' : ''}>
                    <Link to={`/${role}/work/${item.id}`} className="fw-semibold">
                      {item.title}
                    </Link>
                    <div className="small">{item.client_name}</div>
                    <div className="small">
                      <DueDate date={item.due_date} overdue={item.overdue} />
                    </div>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            </Card>
          );
        })}
      </div>
    </>
  );
}
