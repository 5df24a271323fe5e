/**
 * CSV for spreadsheets people open (RFC 4180 quoting). A cell a spreadsheet would run as a formula
 * (starting with = + - @, a tab, a carriage return or a line feed) gets a leading apostrophe, so a name
 * someone typed as `=HYPERLINK(...)` is shown as text, never run (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;
/** A plain negative amount (`-10.00`, a credit note or a round-off) is a number to a spreadsheet, not a formula. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

export function escapeCsvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of the file, ended the way RFC 4180 ends lines. */
export function formatCsvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(escapeCsvCell).join(',')}\r\n`;
}

/** Marks the file as UTF-8 for spreadsheet programs that otherwise guess a legacy code page. */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';
