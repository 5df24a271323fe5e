import { CLIENT_TEMPLATES } from '@portal/contract/client-templates';
import { CLIENT_STATUSES } from '@portal/contract/common';
import type { FieldErrors } from '@portal/contract/envelope';
import {
  CLIENT_BASE_COLUMNS,
  CLIENT_IMPORT_COLUMNS,
  DETAILS_PREFIX,
  USER_CSV_MESSAGES as M,
  partnerColumn,
  REQUIRED_IMPORT_COLUMNS,
  readPartnerColumn,
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
    if (!KNOWN_COLUMNS.has(name) && !readPartnerColumn(name))
      addImportError(errors, `header.${cell.trim()}`, M.unknownColumn);
    else if (columns.includes(name)) addImportError(errors, `header.${name}`, M.duplicateColumn);
    columns.push(name);
  }
  if (columns.every((column) => column === null)) return { errors: { file: [M.wrongHeader] } };
  for (const required of REQUIRED_IMPORT_COLUMNS)
    if (!columns.includes(required)) addImportError(errors, `header.${required}`, M.missingColumn);
  return Object.keys(errors).length > 0 ? { errors } : { columns };
}

/**
 * What a row's cells turn into: the fields for the form's schema, and what was wrong before it.
 * `partnerNumbers`: when the partners came in numbered columns, the number of each partner the form
 * sees (blank groups are left out), so its errors go back to the columns they came from.
 */
export type ImportCandidate = {
  row: number;
  fields: Record<string, unknown>;
  errors: FieldErrors;
  partnerNumbers?: number[];
};

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
  const partners = new Map<number, Record<string, string>>();
  if (cells.length > columns.length && cells.slice(columns.length).some((cell) => cell.trim() !== ''))
    addImportError(errors, 'row', M.cellCount(cells.length, columns.length));
  columns.forEach((column, index) => {
    const value = readCsvCell(cells[index] ?? '').trim();
    if (value === '') return;
    if (column === null) {
      addImportError(errors, 'row', M.valueWithoutColumn);
      return;
    }
    const partnerCell = readPartnerColumn(column);
    if (partnerCell) {
      partners.set(partnerCell.number, { ...partners.get(partnerCell.number), [partnerCell.key]: value });
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
  if (partners.size === 0) return { row, fields, errors };
  if (details.partners !== undefined) {
    addImportError(errors, `${DETAILS_PREFIX}partners`, M.partnersTwice);
    return { row, fields, errors };
  }
  const partnerNumbers = [...partners.keys()].sort((a, b) => a - b);
  details.partners = partnerNumbers.map((number) => partners.get(number));
  // The count is what the columns hold unless the file says otherwise (then the form compares the two);
  // a status without partners is told its partners are not allowed, not about a count nobody typed.
  if (hasPartners(fields.client_status_id)) details.number_of_partners ??= String(partnerNumbers.length);
  return { row, fields, errors, partnerNumbers };
}

function hasPartners(statusId: unknown): boolean {
  const template = CLIENT_STATUSES.find((status) => status.value === statusId)?.template;
  return template ? CLIENT_TEMPLATES[template].partners === true : false;
}

/**
 * A form error's key as the file names it: `nature_of_service` is `services`, `additional_data.dob`
 * `details.dob`, and a partner typed in numbered columns `partner2.Pannumber`.
 */
export function columnOfFormError(key: string, partnerNumbers?: number[]): string {
  if (key === 'additional_data') return 'details';
  const partner = partnerNumbers && /^additional_data\.partners\.(\d+)\.(\w+)$/.exec(key);
  if (partner) return partnerColumn(partnerNumbers[Number(partner[1])] ?? Number(partner[1]) + 1, partner[2] as string);
  if (key.startsWith('additional_data.')) return `${DETAILS_PREFIX}${key.slice('additional_data.'.length)}`;
  return COLUMN_OF_FIELD.get(key) ?? key;
}

/** Merges `more` into `errors`, each message once. */
export function mergeErrors(errors: FieldErrors, more: FieldErrors): void {
  for (const [key, messages] of Object.entries(more))
    for (const message of messages) addImportError(errors, key, message);
}
