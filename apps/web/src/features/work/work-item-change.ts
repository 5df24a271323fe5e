import { formatIndianDate, parseIndianDate } from '@portal/contract/plain-dates';
import type { WorkItem } from '@portal/contract/work';

const shown = (iso: string | null) => (iso ? formatIndianDate(iso) : '');

/** What the item form holds, as typed: text under the request's field names, dates as dd/mm/yyyy. */
export function workItemValues(item: WorkItem) {
  return {
    status: item.status as string,
    assignee_id: item.assignee ? String(item.assignee.id) : '',
    reviewer_id: item.reviewer ? String(item.reviewer.id) : '',
    filed_on: shown(item.filed_on),
    ack_number: item.ack_number ?? '',
    notes: item.notes ?? '',
    event_date: shown(item.event_date),
    title: item.title,
    due_date: shown(item.due_date),
    udin: item.udin ?? '',
    signed_on: shown(item.signed_on),
  };
}
export type WorkItemValues = ReturnType<typeof workItemValues>;

/** The web's word for an empty change; the server's own answer is "Send at least one field to change." */
export const NOTHING_CHANGED = 'Nothing has changed.';

const isFiling = (status: string) => status === 'filed' || status === 'completed';

/** A typed date as ISO, null when cleared; left as typed when it is no date, for the schema to refuse. */
function readTypedDate(text: string): string | null {
  if (!text.trim()) return null;
  return parseIndianDate(text) ?? text;
}

/**
 * The changes the form holds, as the PUT body: only what differs from the item, and only the fields
 * the item has (filing with a filing status, the event date with an event, title and due date on
 * one-off items). Checked afterwards by the contract's `workUpdateSchema`.
 */
export function buildChange(item: WorkItem, values: WorkItemValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const start = workItemValues(item);
  if (values.status !== start.status) body.status = values.status;
  if (values.assignee_id !== start.assignee_id)
    body.assignee_id = values.assignee_id ? Number(values.assignee_id) : null;
  if (values.notes !== start.notes) body.notes = values.notes;
  if (values.reviewer_id !== start.reviewer_id)
    body.reviewer_id = values.reviewer_id ? Number(values.reviewer_id) : null;
  const filing = isFiling(values.status);
  if (filing && values.ack_number !== start.ack_number) body.ack_number = values.ack_number;
  const dates: ['filed_on' | 'event_date' | 'due_date', boolean][] = [
    ['filed_on', filing],
    ['event_date', item.event_name !== null],
    ['due_date', item.rule_id === null],
  ];
  for (const [field, applies] of dates) {
    if (!applies || values[field] === start[field]) continue;
    // A due date cannot be cleared: sent empty, the schema answers with the date error.
    body[field] = readTypedDate(values[field]) ?? (field === 'due_date' ? '' : null);
  }
  if (item.rule_id === null && values.title !== start.title) body.title = values.title;
  // The UDIN register: the signing date and the UDIN, each sent only when changed.
  if (values.signed_on !== start.signed_on) body.signed_on = readTypedDate(values.signed_on);
  if (values.udin !== start.udin) body.udin = values.udin;
  return body;
}

/** Whether the item form shows the filing fields (acknowledgement, filed on). */
export const showsFiling = isFiling;
