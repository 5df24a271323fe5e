import { RETENTION_ANCHOR_LABELS, type RetentionClass } from '@portal/contract/retention';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ACTIONS_COLUMN, DataTable } from '../../components/data-table';
import { MessageAlert } from '../../components/message-alert';
import { TitledCard } from '../../components/titled-card';
import { readApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate } from '../../lib/format';
import { PmlaSetting } from './pmla-setting';
import { useRetentionSchedule } from './retention-api';
import { RetentionClassModal } from './retention-class-modal';
import { ServiceClasses } from './service-classes';

/** "72 months (6 years) from the due date of …". */
function describePeriod(row: RetentionClass): string {
  const years = row.months % 12 === 0 ? ` (${row.months / 12} years)` : '';
  return `${row.months} months${years} from ${RETENTION_ANCHOR_LABELS[row.anchor]}`;
}

/**
 * The Retention screen (issue 25, docs/decisions/0046): how long each class of record is kept and the law
 * that says so. The admin changes a period when the law changes and puts each service in a class; an MPC
 * reads the schedule and says whether its firm keeps client due diligence under the PMLA.
 */
export function RetentionPage({ editable }: { editable: boolean }) {
  useDocumentTitle('Retention');
  const schedule = useRetentionSchedule();
  const [editing, setEditing] = useState<RetentionClass | null>(null);
  return (
    <div className="d-grid gap-4">
      <TitledCard title="Retention">
        <p>
          Erasing a client removes at once what no law makes the firm keep. The records below stay, under a pseudonym,
          until their period ends; a daily task deletes them then. A client on legal hold is never erased or purged
          while the hold lasts.
        </p>
        {schedule.isError && <MessageAlert variant="danger" messages={readApiError(schedule.error).message} />}
        <DataTable
          columns={[
            {
              header: 'Records',
              cellClassName: 'text-break',
              cell: (row) => (
                <>
                  {row.label}
                  {row.pmla_only && (
                    <div className="small text-muted">Only for a firm that is a PMLA reporting entity.</div>
                  )}
                </>
              ),
            },
            { header: 'Kept for', cell: (row) => describePeriod(row) },
            {
              header: 'Source',
              cellClassName: 'small text-break',
              cell: (row) => (
                <>
                  {row.source}
                  {row.updated_at && <div className="text-muted">Changed {formatDate(row.updated_at)}</div>}
                </>
              ),
            },
            editable && {
              header: ACTIONS_COLUMN.header,
              label: 'Actions',
              cell: (row) => (
                <Button size="sm" variant="outline-primary" onClick={() => setEditing(row)}>
                  Edit <span className="visually-hidden">{row.label}</span>
                </Button>
              ),
            },
          ]}
          rows={schedule.data}
          loading={schedule.isPending}
          loadingLabel="Loading the retention schedule"
          layout="rows"
          ariaLabel="Retention schedule"
          rowKey={(row) => row.key}
        />
      </TitledCard>
      {editable && schedule.data && <ServiceClasses schedule={schedule.data} />}
      {!editable && <PmlaSetting />}
      {editable && <RetentionClassModal entry={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
