import { CLIENT_STATUSES } from '@portal/contract/common';
import type { FieldErrors } from '@portal/contract/envelope';
import {
  CLIENT_BASE_COLUMNS,
  CLIENT_IMPORT_COLUMNS,
  DETAILS_PREFIX,
  USER_CSV_MESSAGES as M,
  REQUIRED_IMPORT_COLUMNS,
  SERVICE_SEPARATOR,
} from '@portal/contract/user-csv';
import { readCsvCell } from '../../http/csv-reader.js';

/**
 * A CSV file's rows as the shared user form's fields (docs/csv-import.md): the header read into column
 * names, each row into the fields the form would send, and the form's error keys back into columns.
 */

/** Each position's column name, or null for a nameless column (a spreadsheet's trailing comma). */
export type ImportColumns = (string | null)[];

const KNOWN_COLUMNS = new Set(CLIENT_IMPORT_COLUMNS);

export function addImportError(errors: FieldErrors, key: string, message: string): void {
  const list = Object.hasOwn(errors, key) ? (errors[key] as string[]) : [];
  if (!list.includes(message)) list.push(message);
  errors[key] = list;
}

/** The header row: every name a column of the template (any case), none twice, the required ones there. */
export function readImportHeader(cells: string[]): { columns: ImportColumns } | { errors: FieldErrors } {
  const errors: FieldErrors = Object.create(null);
  if (cells.length === 1 && (cells[0] ?? '').includes(';')) return { errors: { file: [M.semicolons] } };
  const columns: ImportColumns = [];
  for (const cell of cells) {
    const name = cell.trim().toLowerCase();
    if (name === '') {
      columns.push(null);
      continue;
    }
    if (!KNOWN_COLUMNS.has(name)) addImportError(errors, `header.${cell.trim()}`, M.unknownColumn);
    else if (columns.includes(name)) addImportError(errors, `header.${name}`, M.duplicateColumn);
    columns.push(name);
  }
  if (columns.every((column) => column === null)) return { errors: { file: [M.wrongHeader] } };
  for (const required of REQUIRED_IMPORT_COLUMNS)
    if (!columns.includes(required)) addImportError(errors, `header.${required}`, M.missingColumn);
  return Object.keys(errors).length > 0 ? { errors } : { columns };
}

/** What a row's cells turn into: the fields for the form's schema, and what was wrong before it. */
export type ImportCandidate = { row: number; fields: Record<string, unknown>; errors: FieldErrors };

/** The service catalogue by lower-case name, and the client statuses by name and by number. */
export type ImportLookups = { services: Map<string, number> };

const STATUS_BY_NAME = new Map<string, number>(
  CLIENT_STATUSES.flatMap((status) => [
    [status.label.toLowerCase(), status.value],
    [String(status.value), status.value],
  ]),
);

const FIELD_OF_COLUMN = new Map<string, string>(CLIENT_BASE_COLUMNS.map((entry) => [entry.column, entry.field]));
const COLUMN_OF_FIELD = new Map<string, string>(CLIENT_BASE_COLUMNS.map((entry) => [entry.field, entry.column]));

function readServices(cell: string, lookups: ImportLookups, errors: FieldErrors): number[] | undefined {
  const ids: number[] = [];
  for (const name of cell.split(SERVICE_SEPARATOR).map((part) => part.trim())) {
    if (name === '') continue;
    const id = lookups.services.get(name.toLowerCase());
    if (id === undefined) addImportError(errors, 'services', M.serviceUnknown(name));
    else ids.push(id);
  }
  return Object.hasOwn(errors, 'services') ? undefined : ids;
}

function readPartners(cell: string, errors: FieldErrors): unknown {
  try {
    const value: unknown = JSON.parse(cell);
    if (Array.isArray(value)) return value;
  } catch {
    // reported below
  }
  addImportError(errors, `${DETAILS_PREFIX}partners`, M.partnersNotJson);
  return undefined;
}

/**
 * One data row as the form would send it: blank cells left out, the status and services by name turned
 * into their ids, the `details.*` cells gathered into the sub-form (always sent, as the form does, so
 * the status's template checks its required fields).
 */
export function readImportRow(
  row: number,
  cells: string[],
  columns: ImportColumns,
  lookups: ImportLookups,
): ImportCandidate {
  const errors: FieldErrors = Object.create(null);
  const fields: Record<string, unknown> = Object.create(null);
  const details: Record<string, unknown> = {};
  if (cells.length > columns.length && cells.slice(columns.length).some((cell) => cell.trim() !== ''))
    addImportError(errors, 'row', M.cellCount(cells.length, columns.length));
  columns.forEach((column, index) => {
    const value = readCsvCell(cells[index] ?? '').trim();
    if (value === '') return;
    if (column === null) {
      addImportError(errors, 'row', M.valueWithoutColumn);
      return;
    }
    if (column.startsWith(DETAILS_PREFIX)) {
      const key = column.slice(DETAILS_PREFIX.length);
      const detail = key === 'partners' ? readPartners(value, errors) : value;
      if (detail !== undefined) details[key] = detail;
      return;
    }
    if (column === 'services') {
      const ids = readServices(value, lookups, errors);
      if (ids) fields.nature_of_service = ids;
      return;
    }
    if (column === 'client_status') {
      const id = STATUS_BY_NAME.get(value.toLowerCase());
      if (id === undefined) addImportError(errors, 'client_status', M.clientStatusUnknown);
      else fields.client_status_id = id;
      return;
    }
    fields[FIELD_OF_COLUMN.get(column) ?? column] = value;
  });
  fields.additional_data = details;
  return { row, fields, errors };
}

/** A form error's key as the file names it: `nature_of_service` is `services`, `additional_data.dob` `details.dob`. */
export function columnOfFormError(key: string): string {
  if (key === 'additional_data') return 'details';
  if (key.startsWith('additional_data.')) return `${DETAILS_PREFIX}${key.slice('additional_data.'.length)}`;
  return COLUMN_OF_FIELD.get(key) ?? key;
}

/** Merges `more` into `errors`, each message once. */
export function mergeErrors(errors: FieldErrors, more: FieldErrors): void {
  for (const [key, messages] of Object.entries(more))
    for (const message of messages) addImportError(errors, key, message);
}
