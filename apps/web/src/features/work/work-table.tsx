import type { RoleName } from '@portal/contract/roles';
import type { WorkItem, WorkItemSummary } from '@portal/contract/work';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { isDueThisWeek } from './work-dates';
import { DueDate, StatusBadge } from './work-status';

type WorkTableProps = {
  role: RoleName;
  rows: (WorkItem | WorkItemSummary)[] | undefined;
  loading: boolean;
  selected: Set<number>;
  onToggle: (id: number, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
};

const assigneeOf = (row: WorkItem | WorkItemSummary) => ('assignee' in row ? (row.assignee?.name ?? 'Nobody yet') : '');

/**
 * The Work tab's list: a row per item, overdue ones in red and marked, those due this week marked too;
 * a checkbox per item the caller may change, for the bulk changes. Rows stack on a phone.
 */
/** A row the bulk bar can act on: one the caller may change, or verify (maker-checker). */
export const isSelectable = (row: WorkItemSummary) => row.permissions.edit || row.permissions.review;

export function WorkTable({ role, rows, loading, selected, onToggle, onToggleAll }: WorkTableProps) {
  const editable = (rows ?? []).filter(isSelectable);
  const allChosen = editable.length > 0 && editable.every((row) => selected.has(row.id));
  return (
    <DataTable
      ariaLabel="Work items"
      layout="rows"
      className="small"
      loading={loading}
      loadingLabel="Loading work"
      rows={rows}
      emptyText="No work matches these filters."
      columns={[
        {
          header: (
            <Form.Check
              aria-label="Select every item on this page"
              checked={allChosen}
              disabled={editable.length === 0}
              onChange={(event) => onToggleAll(event.target.checked)}
            />
          ),
          cell: (row) =>
            isSelectable(row) && (
              <Form.Check
                aria-label={`Select ${row.title} of ${row.client_name}`}
                checked={selected.has(row.id)}
                onChange={(event) => onToggle(row.id, event.target.checked)}
              />
            ),
        },
        {
          header: 'Work',
          cell: (row) => (
            <>
              <Link to={`/${role}/work/${row.id}`} className="fw-semibold">
                {row.title}
              </Link>
              <div className="text-muted">{row.service_name}</div>
            </>
          ),
        },
        { header: 'Client', cellClassName: 'cell-name', cell: (row) => row.client_name },
        {
          header: 'Due',
          cell: (row) => (
            <>
              <DueDate date={row.due_date} overdue={row.overdue} />
              {!row.overdue && row.status !== 'filed' && isDueThisWeek(row.due_date) && (
                <Badge bg="warning" text="dark" className="ms-1">
                  This week
                </Badge>
              )}
            </>
          ),
        },
        {
          header: 'Status',
          cell: (row) => (
            <>
              <StatusBadge status={row.status} />
              {row.ack_number && <div className="text-muted">Ack {row.ack_number}</div>}
            </>
          ),
        },
        { header: 'Assignee', cell: (row) => assigneeOf(row) },
      ]}
      rowClassName={(row) => (row.overdue ? 'work-row-overdue' : undefined)}
    />
  );
}
