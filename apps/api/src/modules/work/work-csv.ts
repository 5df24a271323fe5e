import { labelPeriod } from '@portal/contract/compliance-periods';
import { formatIndianDate } from '@portal/contract/plain-dates';
import { WORK_STATUS_LABELS, type WorkStatus } from '@portal/contract/work';
import type { WorkItemRow } from './work-item-query.js';

const fullName = (first: string | null, last: string | null) =>
  first === null && last === null ? null : `${first ?? ''} ${last ?? ''}`.trim();

type Column = { header: string; value: (row: WorkItemRow, today: string) => string | null };

const period: Column = { header: 'Period', value: (row) => (row.period ? labelPeriod(row.period) : null) };
/** Dates as every screen shows them (dd/mm/yyyy), so a spreadsheet reads the same day the list shows. */
const showDate = (iso: string | null) => (iso === null ? null : formatIndianDate(iso));

const dueDate: Column = { header: 'Due date', value: (row) => showDate(row.due_date) };
const status: Column = { header: 'Status', value: (row) => WORK_STATUS_LABELS[row.status as WorkStatus] ?? row.status };
const filedOn: Column = { header: 'Filed on', value: (row) => showDate(row.filed_on) };
const ack: Column = { header: 'Acknowledgement number', value: (row) => row.ack_number };

/** Staff export every column of the list; a client what it reads of its own items. */
export const STAFF_COLUMNS: Column[] = [
  { header: 'Client', value: (row) => fullName(row.client_first_name, row.client_last_name) },
  { header: 'Service', value: (row) => row.service_name },
  { header: 'Title', value: (row) => row.title },
  period,
  dueDate,
  status,
  { header: 'Overdue', value: (row, today) => (row.is_open === 1 && row.due_date < today ? 'Yes' : 'No') },
  { header: 'Assignee', value: (row) => fullName(row.assignee_first_name, row.assignee_last_name) },
  filedOn,
  ack,
  { header: 'Notes', value: (row) => row.notes },
];

export const CLIENT_COLUMNS: Column[] = [
  { header: 'Title', value: (row) => row.title },
  { header: 'Service', value: (row) => row.service_name },
  period,
  dueDate,
  status,
  filedOn,
  ack,
];

/**
 * The rows of an export, batch by batch as they are read, as cells for `sendCsv` (which writes the byte
 * order mark, the header and formula-safe cells). Dates are dd/mm/yyyy, as the screens show them.
 */
export async function* readWorkCsvRows(
  batches: AsyncIterable<WorkItemRow[]>,
  columns: Column[],
  today: string,
): AsyncGenerator<(string | null)[]> {
  for await (const rows of batches) {
    for (const row of rows) yield columns.map((column) => column.value(row, today));
  }
}
