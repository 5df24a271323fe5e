import type { ChecklistStep, WorkChecklist } from '@portal/contract/checklists';
import { fullName } from '../../db/person-name.js';
import type { StepRow } from './checklists.repository.js';

const nameOf = (row: StepRow) => fullName(row.doer_first_name, row.doer_last_name) || 'A former user';

function presentStep(row: StepRow): ChecklistStep {
  const done = row.done_at !== null;
  return {
    id: row.id,
    label: row.label,
    done,
    done_at: row.done_at === null ? null : new Date(row.done_at).toISOString(),
    done_by: done && row.done_by !== null ? { id: row.done_by, name: nameOf(row) } : null,
  };
}

export function presentWorkChecklist(workId: number, rows: StepRow[], permissions: { tick: boolean }): WorkChecklist {
  const steps = rows.map(presentStep);
  return {
    work_item_id: workId,
    steps,
    done: steps.filter((step) => step.done).length,
    total: steps.length,
    permissions,
  };
}
