import { WORK_STATUS_LABELS, WORK_STATUSES, type WorkAssignee } from '@portal/contract/work';

/** Every status as a select's choice, in the order work moves through them. */
export const WORK_STATUS_OPTIONS = WORK_STATUSES.map((status) => ({
  value: status,
  label: WORK_STATUS_LABELS[status],
}));

/** The people work can be given to, as a select's choices (the id is the value). */
export function toAssigneeOptions(people: readonly WorkAssignee[]) {
  return people.map((person) => ({ value: person.id, label: person.name }));
}
