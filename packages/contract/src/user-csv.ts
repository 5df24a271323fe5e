import { z } from 'zod';
import {
  CLEAR_PASSWORD_KEY,
  CLIENT_TEMPLATES,
  LISTING_EXCHANGES,
  MAX_PARTNERS,
  MSEM_FIELDS,
  PARTNER_FIELDS,
  REGISTRATION_12AA_FIELDS,
} from './client-templates.js';
import { fieldErrorsSchema } from './envelope.js';
import { userListQuerySchema } from './users.js';

/**
 * Lists as CSV and clients from CSV (issue 13, docs/csv-import.md). The import's columns are the
 * shared user form's fields under the same names, the client status and services by name, and the
 * sub-form's fields as `details.<key>`; the export of clients uses the same names, so the two read alike.
 */
export const USER_CSV_PATHS = {
  export: (roleId: number | string) => `/user/export/${roleId}`,
  template: '/user/import/template',
  check: '/user/import/check',
  import: '/user/import',
} as const;

/** A file's limits: a firm moving in imports its clients a thousand at a time. */
export const CLIENT_IMPORT_LIMITS = { maxRows: 1000, maxBytes: 1024 * 1024 } as const;

/** Services in one cell are separated by this; each is a name of the catalogue, any case. */
export const SERVICE_SEPARATOR = ';';

/** The CSV's own prefix for the sub-form's fields (the form's `additional_data`). */
export const DETAILS_PREFIX = 'details.';

/** Columns of the form's own fields, in the template's order; `field` is the form field it fills. */
export const CLIENT_BASE_COLUMNS = [
  { column: 'first_name', field: 'first_name' },
  { column: 'last_name', field: 'last_name' },
  { column: 'email', field: 'email' },
  { column: 'mobile_number', field: 'mobile_number' },
  { column: 'alternate_mobile_number', field: 'alternate_mobile_number' },
  { column: 'address', field: 'address' },
  { column: 'pincode', field: 'pincode' },
  { column: 'city', field: 'city' },
  { column: 'state', field: 'state' },
  { column: 'country', field: 'country' },
  { column: 'pan_number', field: 'pan_number' },
  { column: 'gst_number', field: 'gst_number' },
  { column: 'tan_number', field: 'tan_number' },
  { column: 'client_status', field: 'client_status_id' },
  { column: 'services', field: 'nature_of_service' },
] as const;

/** Columns a file must have (the form requires their values of every new client); the rest may be left out. */
export const REQUIRED_IMPORT_COLUMNS = [
  'first_name',
  'email',
  'mobile_number',
  'pincode',
  'city',
  'state',
  'country',
  'services',
] as const;

// A sub-form's passwords are never typed into a spreadsheet: not imported, never exported.
const NOT_IN_CSV = new Set(['password', 'confirm_password', CLEAR_PASSWORD_KEY]);

/** Every key any client sub-form can hold, once, in the order the templates list them. */
function listDetailKeys(): string[] {
  const keys: string[] = [];
  const add = (key: string) => {
    if (!keys.includes(key) && !NOT_IN_CSV.has(key)) keys.push(key);
  };
  for (const definition of Object.values(CLIENT_TEMPLATES)) {
    for (const field of definition.fields) add(field.key);
    if (definition.msem) for (const key of ['msem', ...MSEM_FIELDS.map((field) => field.key)]) add(key);
    if (definition.partners) for (const key of ['number_of_partners', 'partners']) add(key);
    if (definition.listing)
      for (const exchange of LISTING_EXCHANGES) {
        add(`listed_at_${exchange.key}`);
        add(`listed_since_${exchange.key}`);
      }
    if (definition.registration12aa) for (const field of REGISTRATION_12AA_FIELDS) add(field.key);
  }
  return keys;
}

export const CLIENT_DETAIL_KEYS: readonly string[] = listDetailKeys();

/**
 * A firm's partners, one group of columns each, for a spreadsheet that cannot hold JSON in a cell:
 * `partner1.nameofpartner`, `partner1.Pannumber`, … `partner2.…`, up to `partner50.…`.
 */
export function partnerColumn(number: number, key: string): string {
  return `partner${number}.${key}`;
}

const PARTNER_COLUMN = /^partner([1-9]\d?)\.([a-z_]+)$/;
const PARTNER_KEY_BY_LOWER = new Map(PARTNER_FIELDS.map((field) => [field.key.toLowerCase(), field.key]));

/** A header cell (lower case) naming a partner's column: which partner and which of its fields, or null. */
export function readPartnerColumn(name: string): { number: number; key: string } | null {
  const match = PARTNER_COLUMN.exec(name);
  if (!match) return null;
  const number = Number(match[1]);
  const key = PARTNER_KEY_BY_LOWER.get(match[2] as string);
  return key !== undefined && number <= MAX_PARTNERS ? { number, key } : null;
}

/** The template shows two partners' columns; a file adds `partner3.…` and on as it needs. */
export const TEMPLATE_PARTNER_GROUPS = 2;

/** The header of the template and of every import file (in any order, any case; optional columns may go). */
export const CLIENT_IMPORT_COLUMNS: readonly string[] = [
  ...CLIENT_BASE_COLUMNS.map((entry) => entry.column),
  ...CLIENT_DETAIL_KEYS.map((key) => `${DETAILS_PREFIX}${key}`),
  ...Array.from({ length: TEMPLATE_PARTNER_GROUPS }, (_, index) =>
    PARTNER_FIELDS.map((field) => partnerColumn(index + 1, field.key)),
  ).flat(),
];

/** `GET /api/user/export/{role_id}`: the list's filters and order, without paging. */
export const userExportQuerySchema = userListQuerySchema.omit({ page: true, limit: true });
export type UserExportQuery = z.output<typeof userExportQuerySchema>;

/** One data row of the file that cannot be imported: its spreadsheet row (the header is row 1), errors by column. */
export const importRowProblemSchema = z.object({ row: z.number(), errors: fieldErrorsSchema });
export type ImportRowProblem = z.infer<typeof importRowProblemSchema>;

/** `POST /api/user/import/check` (the dry run): nothing is written. */
export const importCheckSchema = z.object({
  rows: z.number(),
  valid: z.number(),
  problems: z.array(importRowProblemSchema),
});
export type ImportCheck = z.infer<typeof importCheckSchema>;

/** `POST /api/user/import`: every row was created, in one transaction. */
export const importResultSchema = z.object({ created: z.number(), ids: z.array(z.number()) });
export type ImportResult = z.infer<typeof importResultSchema>;

export const USER_CSV_MESSAGES = {
  checked: 'The file was checked; nothing was imported.',
  imported: (count: number) => `${count} ${count === 1 ? 'client' : 'clients'} imported.`,
  rowsInvalid: 'Some rows have errors; nothing was imported.',
  notCsv: 'This file is not a CSV file. Save the spreadsheet as CSV (UTF-8) and choose that file.',
  notUtf8: 'This file is not UTF-8 text. Save the spreadsheet as CSV (UTF-8) and choose that file.',
  empty: 'The file is empty. Start from the template: its first row names the columns.',
  noRows: 'The file has a header but no clients.',
  tooManyRows: `A file may hold at most ${CLIENT_IMPORT_LIMITS.maxRows} clients. Split it and import each part.`,
  tooLarge: `A file may be at most ${CLIENT_IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB.`,
  unclosedQuote: (row: number) => `Row ${row} opens a quoted cell that never closes.`,
  textAfterQuote: (row: number) => `Row ${row} has text after the closing quote of a cell.`,
  unknownColumn: 'This column is not one of the template. Check its spelling against the template.',
  duplicateColumn: 'This column appears twice in the header.',
  missingColumn: 'This column is required. Add it to the header (the template has it).',
  wrongHeader: 'The first row must name the columns of the template.',
  semicolons: 'Separate the cells with commas: save the spreadsheet as CSV (UTF-8), comma delimited.',
  valueWithoutColumn: 'This row has a value in a column whose header is empty.',
  cellCount: (found: number, expected: number) => `This row has ${found} cells; the header has ${expected}.`,
  emailInFile: (row: number) => `This email is also on row ${row} of this file.`,
  panInFile: (row: number) => `This PAN is also on row ${row} of this file.`,
  panTaken: 'A client of your firm already has this PAN.',
  serviceUnknown: (name: string) => `"${name}" is not a service of the portal.`,
  clientStatusUnknown: 'Enter a client status of the list (its name or its number).',
  partnersNotJson: 'Enter the partners as a JSON list, e.g. [{"nameofpartner":"A. Shah"}].',
  partnersTwice: 'Give the partners either in the partner1., partner2. … columns or as a JSON list here, not both.',
  raced: 'A user with one of these emails was added meanwhile; nothing was imported. Run the dry run again.',
  // Says neither which row nor whose: the dry run tells only what the firm's own users hold (issue 20).
  emailUnavailable:
    'One or more emails in the file cannot be used for a new client; nothing was imported. Check each email with its client and try again.',
  checkThrottled: 'Too many checks of client files for your firm. Please wait a while and try again.',
  importThrottled: 'Too many imports of client files for your firm. Please wait a while and try again.',
  sendAsCsv: 'Send the CSV file itself as the body, with the content type text/csv.',
} as const;
