import { labelPeriod } from '@portal/contract/compliance-periods';
import {
  WORK_STATUS_LABELS,
  type WorkHistoryEntry,
  type WorkItem,
  type WorkItemSummary,
  type WorkPermissions,
  type WorkStatus,
} from '@portal/contract/work';
import { fullName, personRefOf } from '../../db/person-name.js';
import type { WorkItemRow } from './work-item-query.js';

/** What a client reads of its own item: title, period, due date, status and the filing. */
export function presentWorkSummary(row: WorkItemRow, today: string, permissions: WorkPermissions): WorkItemSummary {
  return {
    id: row.id,
    client_id: row.client_id,
    client_name: fullName(row.client_first_name, row.client_last_name),
    service_id: row.service_id,
    service_name: row.service_name,
    title: row.title,
    period: row.period,
    period_label: row.period ? labelPeriod(row.period) : null,
    due_date: row.due_date,
    status: row.status as WorkStatus,
    overdue: row.is_open === 1 && row.due_date < today,
    filed_on: row.filed_on,
    ack_number: row.ack_number,
    permissions,
  };
}

/** What staff read. */
export function presentWorkItem(
  row: WorkItemRow,
  today: string,
  permissions: WorkPermissions,
  creatorName: string | null = null,
): WorkItem {
  return {
    ...presentWorkSummary(row, today, permissions),
    rule_id: row.rule_id,
    event_name: row.event_name,
    event_date: row.event_date,
    assignee: personRefOf(row.assignee_id, row.assignee_first_name, row.assignee_last_name),
    notes: row.notes,
    reviewer: personRefOf(row.reviewer_id, row.reviewer_first_name, row.reviewer_last_name),
    verified_by: personRefOf(row.verified_by, row.verifier_first_name, row.verifier_last_name),
    verified_at: row.verified_at,
    review_note: row.review_note,
    udin: row.udin,
    signed_on: row.signed_on,
    created_by: row.created_by === null ? null : { id: row.created_by, name: creatorName ?? '' },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

type HistoryRow = {
  id: number;
  field: string;
  from_value: string | null;
  to_value: string | null;
  actor_id: number | null;
  created_at: string;
  actor_first_name: string | null;
  actor_last_name: string | null;
};

/** A history row with its values named: a status's label, an assignee's name. */
export function presentHistory(row: HistoryRow, names: Map<number, string>): WorkHistoryEntry {
  const label = (value: string | null) => {
    if (value === null) return null;
    if (row.field === 'status') return WORK_STATUS_LABELS[value as WorkStatus] ?? value;
    if (row.field === 'assignee' || row.field === 'reviewer') return names.get(Number(value)) ?? 'A former user';
    return value;
  };
  return {
    id: row.id,
    field: row.field,
    from: row.from_value,
    to: row.to_value,
    from_label: label(row.from_value),
    to_label: label(row.to_value),
    actor: personRefOf(row.actor_id, row.actor_first_name, row.actor_last_name),
    at: row.created_at,
  };
}
