import { RECURRING_CADENCE_LABELS, type RecurringTask } from '@portal/contract/recurring';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { DataTable } from '../../components/data-table';
import { MessageAlert } from '../../components/message-alert';
import { TitledCard } from '../../components/titled-card';
import { readApiError } from '../../lib/api-error';
import { formatDate } from '../../lib/format';
import { useChangeRecurringTask, useRecurringTasks } from './recurring-api';
import { RecurringTaskForm } from './recurring-task-form';

/** How a task falls due, as people say it: "10th, 1 month after the period". */
function describeDue(task: RecurringTask): string {
  const after =
    task.months_after === 0 ? 'in the period’s last month' : `${task.months_after} month(s) after the period`;
  return `Day ${task.due_day}, ${after}`;
}

/**
 * A client's recurring non-statutory work (bookkeeping, MIS, audit) on its page: staff who handle a
 * service see its tasks; the MPC adds, pauses, resumes and ends them (the server's permissions decide).
 */
export function RecurringWorkSection({ clientId, canAdd }: { clientId: number; canAdd: boolean }) {
  const tasks = useRecurringTasks(clientId);
  const change = useChangeRecurringTask(clientId);
  const [failure, setFailure] = useState<string | null>(null);

  const toggle = async (task: RecurringTask) => {
    setFailure(null);
    try {
      await change.mutateAsync({ id: task.id, change: { active: !task.active } });
    } catch (error) {
      setFailure(readApiError(error).message);
    }
  };

  return (
    <TitledCard title="Recurring work" heading="h2">
      <MessageAlert variant="danger" messages={failure} onClose={() => setFailure(null)} />
      {canAdd && <RecurringTaskForm clientId={clientId} />}
      <DataTable
        layout="rows"
        columns={[
          'Task',
          'Service',
          'Cadence',
          'Due',
          'Periods',
          'Next due',
          'Status',
          { header: 'Action', className: 'text-end' },
        ]}
        rows={tasks.data}
        loading={tasks.isPending}
        loadingLabel="Loading recurring tasks"
        emptyText="No recurring tasks."
        renderRow={(task) => (
          <tr key={task.id}>
            <td className="fw-semibold">{task.title}</td>
            <td data-label="Service">{task.service_name}</td>
            <td data-label="Cadence">{RECURRING_CADENCE_LABELS[task.cadence]}</td>
            <td data-label="Due">{describeDue(task)}</td>
            <td data-label="Periods">
              {task.starts_label}
              {task.ends_label ? ` to ${task.ends_label}` : ' onwards'}
            </td>
            <td data-label="Next due">{formatDate(task.next_due_date)}</td>
            <td data-label="Status">{task.active ? 'Active' : 'Paused'}</td>
            <td className="entry-actions">
              {task.permissions.manage && (
                <Button size="sm" variant="outline-primary" onClick={() => toggle(task)} disabled={change.isPending}>
                  {task.active ? `Pause ${task.title}` : `Resume ${task.title}`}
                </Button>
              )}
            </td>
          </tr>
        )}
      />
    </TitledCard>
  );
}
