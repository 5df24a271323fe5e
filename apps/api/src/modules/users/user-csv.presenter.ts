import { CLIENT_STATUSES } from '@portal/contract/common';
import { formatIndianDate, indianDateOf, showDatesAsTyped } from '@portal/contract/plain-dates';
import { maskSubForm } from '@portal/contract/sub-form-secrets';
import { CLIENT_BASE_COLUMNS, CLIENT_DETAIL_KEYS, DETAILS_PREFIX } from '@portal/contract/user-csv';
import type { AssignedPerson } from '@portal/contract/users';
import type { FastifyBaseLogger } from 'fastify';
import type { Keyring } from '../../encryption/keyring.js';
import { openSubForm } from './sub-form-secrets.js';
import { STAFF_COLUMN_FIELDS } from './user-columns.js';
import type { UserExportRow } from './user-lists.repository.js';

/**
 * A list as CSV (docs/csv-import.md): the same column names as the import file, plus what the portal
 * adds (id, username, status, who is assigned, when added). A client's sub-form is masked exactly as
 * every answer masks it (Aadhaar `XXXX XXXX 1234`, accounts `XXXX1234`), its password never written.
 */

type Cell = string | number | null;
/** What one exported user brings besides its row: its services' names and (clients) who handles them. */
export type ExportRelated = { services: string[]; assigned: AssignedPerson[] };
type ExportSources = { keyring: Keyring; log: FastifyBaseLogger };

const SERVICE_LIST_SEPARATOR = '; ';

// The name first, then the sign-in name, then the rest of what the staff member's form holds.
const NAME_COLUMNS: readonly string[] = ['first_name', 'last_name'];
const STAFF_COLUMNS: readonly string[] = [
  'id',
  ...NAME_COLUMNS,
  'username',
  ...STAFF_COLUMN_FIELDS.filter((field) => !NAME_COLUMNS.includes(field)),
  'services',
  'status',
  'created_at',
];

const CLIENT_COLUMNS = [
  'id',
  ...CLIENT_BASE_COLUMNS.map((entry) => entry.column),
  'username',
  'status',
  'assigned_to',
  'created_at',
  ...CLIENT_DETAIL_KEYS.map((key) => `${DETAILS_PREFIX}${key}`),
];

export function exportHeaderFor(isClient: boolean): readonly string[] {
  return isClient ? CLIENT_COLUMNS : STAFF_COLUMNS;
}

/** The `details.*` cells: the sub-form opened, masked, dates as typed; the partners as one JSON list. */
function detailCells(row: UserExportRow, sources: ExportSources): Cell[] {
  const opened = openSubForm(sources.keyring, row.additional_data, sources.log);
  const shown = opened ? (showDatesAsTyped(maskSubForm(opened)) as Record<string, unknown>) : {};
  return CLIENT_DETAIL_KEYS.map((key) => {
    const value = shown[key];
    if (value === undefined || value === null) return null;
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}

function readCell(row: UserExportRow, related: ExportRelated, column: string): Cell {
  switch (column) {
    case 'services':
      return related.services.join(SERVICE_LIST_SEPARATOR);
    case 'client_status':
      return CLIENT_STATUSES.find((status) => status.value === row.client_status_id)?.label ?? null;
    case 'created_at':
      // The day it was added in India, as the list shows it (a UTC evening is India's next day).
      return formatIndianDate(indianDateOf(new Date(row.created_at)));
    case 'assigned_to':
      return related.assigned.map((person) => person.name).join(SERVICE_LIST_SEPARATOR);
    default:
      return (row as Record<string, unknown>)[column] as Cell;
  }
}

/** One exported user, in the header's order. */
export function presentUserCsvCells(
  row: UserExportRow,
  isClient: boolean,
  related: ExportRelated,
  sources: ExportSources,
): Cell[] {
  if (!isClient) return STAFF_COLUMNS.map((column) => readCell(row, related, column));
  const plain = CLIENT_COLUMNS.filter((column) => !column.startsWith(DETAILS_PREFIX));
  return [...plain.map((column) => readCell(row, related, column)), ...detailCells(row, sources)];
}
