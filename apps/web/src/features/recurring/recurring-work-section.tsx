import { RECURRING_CADENCE_LABELS, type RecurringTask } from '@portal/contract/recurring';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ACTION_COLUMN, DataTable } from '../../components/data-table';
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
          { header: 'Task', cell: (task) => task.title, title: true },
          { header: 'Service', cell: (task) => task.service_name },
          { header: 'Cadence', cell: (task) => RECURRING_CADENCE_LABELS[task.cadence] },
          { header: 'Due', cell: (task) => describeDue(task) },
          {
            header: 'Periods',
            cell: (task) => `${task.starts_label}${task.ends_label ? ` to ${task.ends_label}` : ' onwards'}`,
          },
          { header: 'Next due', cell: (task) => formatDate(task.next_due_date) },
          { header: 'Status', cell: (task) => (task.active ? 'Active' : 'Paused') },
          {
            ...ACTION_COLUMN,
            cell: (task) =>
              task.permissions.manage && (
                <Button size="sm" variant="outline-primary" onClick={() => toggle(task)} disabled={change.isPending}>
                  {task.active ? `Pause ${task.title}` : `Resume ${task.title}`}
                </Button>
              ),
          },
        ]}
        rows={tasks.data}
        loading={tasks.isPending}
        loadingLabel="Loading recurring tasks"
        emptyText="No recurring tasks."
      />
    </TitledCard>
  );
}
